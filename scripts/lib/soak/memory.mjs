/**
 * What a replica's memory was made of at its highest sample, so that a failed (or narrowly held) memory
 * goal can be read from the report: the sum the goal judges (server and encoders, Pss), the server's own
 * share and the encoders' beside it, and, from the server's metrics scraped nearest that moment, its main
 * thread's V8 heap, the memory outside it (Buffers: the stored pages among them), the two caches as the
 * server counts them, and whether the sanitiser thread (jsdom on a heap of its own) was alive.
 */

/** A metrics scrape further than this from the memory sample says nothing about it. */
const NEAREST_MS = 6_000;

/**
 * What the memory goal judges of a sample: the server's and its encoders' Pss, or null when the server's
 * smaps_rollup could not be read (a sample that measured nothing, never a zero). Runs recorded before
 * the encoders were counted have no totalMb: their server's RSS.
 */
export function sampleTotalMb(sample) {
  const total = 'totalMb' in sample ? sample.totalMb : sample.mb;
  return Number.isFinite(total) ? total : null;
}

export function memoryAtPeak(run) {
  return run.replicaNames.map((name) => {
    const own = run.samples.rss.filter((s) => s.replica === name && sampleTotalMb(s) !== null);
    const peak = own.reduce((top, s) => (sampleTotalMb(s) > (top ? sampleTotalMb(top) : -1) ? s : top), null);
    if (!peak) return { name, peak: null, parts: null };
    const scrapes = (run.samples.heap ?? []).filter((s) => s.replica === name && Math.abs(s.tMs - peak.tMs) <= NEAREST_MS);
    const parts = scrapes.reduce((near, s) => (Math.abs(s.tMs - peak.tMs) < Math.abs((near?.tMs ?? Infinity) - peak.tMs) ? s : near), null);
    const totalMb = sampleTotalMb(peak);
    const serverPssMb = peak.serverPssMb ?? NaN;
    return { name, peak: { tMs: peak.tMs, totalMb, serverPssMb, encodersMb: totalMb - serverPssMb }, parts };
  });
}
