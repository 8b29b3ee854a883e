/**
 * The soak test's goals, judged from what a run recorded: each goal is one rule, a measure of the run
 * and its bound, written where judge() measures it; judge() gives every goal with what was measured and
 * whether it held.
 *
 * One input, the machine's share (`run.config.sharedMachine`, SOAK_SHARED_MACHINE=1), says which goals
 * may fail the run. A speed goal (purge time, event-loop delay, a stop's time, an alert's time) measures
 * the machine as much as the site: where other work runs beside the soak (CI runs it beside the browser
 * tiers), a process waiting for a core looks slow through no work of its own. On such a machine a speed
 * goal is measured and printed, marked not judged; on a machine of its own it is judged like the rest.
 * Every other goal (nothing lost, nothing wrong served, nothing down, memory bounded) is judged on any
 * machine.
 *
 * A goal named in `run.config.expectedFailures` (SOAK_EXPECTED_FAILURES: goals known not to hold yet,
 * each with an open issue) is printed, held or failed, and does not fail the run.
 */
import { alertGoals } from './alerts.mjs';
import { sampleTotalMb } from './memory.mjs';
import { slowStop, STOP_GRACE_MS, STOP_KILL_MS } from './stops.mjs';
import { percentile, slope } from './stats.mjs';

export const RSS_LIMIT_MB = 300;
export const EVENT_LOOP_LIMIT_MS = 100;
export const PURGE_P99_LIMIT_MS = 1_000;
const FLAT_MIN_MB = 16;
const FLAT_SHARE = 0.1;
const MIN_FLAT_SAMPLES = 10;
const RSS_WARMUP_MS = 60_000;
const MIN_FLAT_DRIVE_MS = 600_000;
/** A variant is written before the eviction it causes: the directory may pass its cap by one for a moment. */
const IMAGE_DIR_SLACK_BYTES = 1024 * 1024;

/** Upper bounds (%) of the bands of the machine's CPU use that the event-loop windows are sorted into. */
const MACHINE_BANDS = [70, 80, 90, 95, 100];

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');

/**
 * RSS figures per replica: max, and the last third's rise along its least-squares line, on the replica's
 * latest server process (a leak lives there; the encoders come and go) from RSS_WARMUP_MS after its start
 * (a process fills its caches first). Judged only with MIN_FLAT_SAMPLES such samples and a drive of at
 * least MIN_FLAT_DRIVE_MS: a shorter drive's last third is still the caches filling, which no line tells
 * from a leak.
 */
export function rssFigures(run) {
  const lastThirdMs = run.driveStartMs + ((run.driveEndMs - run.driveStartMs) * 2) / 3;
  return run.replicaNames.map((name) => {
    const own = run.samples.rss.filter((s) => s.replica === name);
    const measured = own.map(sampleTotalMb).filter((mb) => mb !== null);
    const late = own.filter((s) => s.tMs >= lastThirdMs);
    const start = Math.max(...late.map((s) => s.start));
    const latest = late.filter((s) => s.start === start && s.sinceStartMs >= RSS_WARMUP_MS);
    const line = slope(latest.map((s) => ({ x: s.tMs, y: s.mb })));
    const span = latest.length ? latest.at(-1).tMs - latest[0].tMs : 0;
    const rise = line * span;
    const allowed = latest.length ? Math.max(FLAT_MIN_MB, FLAT_SHARE * latest[0].mb) : NaN;
    return {
      name,
      maxMb: Math.max(...own.map((s) => s.mb)),
      maxTotalMb: Math.max(...measured),
      measuredSamples: measured.length,
      lastThirdFirstMb: latest[0]?.mb ?? NaN,
      lastThirdMaxMb: Math.max(...latest.map((s) => s.mb)),
      riseMb: rise,
      allowedRiseMb: allowed,
      judged: latest.length >= MIN_FLAT_SAMPLES && run.driveEndMs - run.driveStartMs >= MIN_FLAT_DRIVE_MS,
    };
  });
}

/** How long after a backend fault its effects may still be answered: the default BACKEND_TIMEOUT_MS and a margin. */
const BACKEND_FAULT_TAIL_MS = 10_000;

/** nginx logs the answer when it has sent it: a little after the replica logged its failed call. */
const LOG_CLOCKS_SLACK_MS = 1_000;

/**
 * A replica's own 503 for a page while the backend was failing: during a backend fault and
 * BACKEND_FAULT_TAIL_MS after, or just after that replica's own call to the backend failed (its log says
 * so: on a busy machine the backend can be too slow outside any fault).
 */
function degradedByBackend(error, run) {
  const atMs = error.atS * 1000;
  if (error.status !== 503 || error.upstream === '-' || error.path.startsWith('/_img/')) return false;
  const duringFault = run.timeline.some((f) => f.group === 'backend' && atMs >= f.startMs && atMs <= (f.endMs ?? Infinity) + BACKEND_FAULT_TAIL_MS);
  // The replica that answered (the last one nginx tried) had a backend call fail just before.
  const answeredBy = run.logs.find((log) => log.upstream && error.upstream.endsWith(log.upstream));
  const itsCallFailed = (answeredBy?.upstreamFailures ?? []).some(
    (failedMs) => failedMs <= atMs + LOG_CLOCKS_SLACK_MS && failedMs >= atMs - BACKEND_FAULT_TAIL_MS,
  );
  return duringFault || itsCallFailed;
}

export function judge(run) {
  const goals = [];
  /** The machine's share: other work ran beside the soak (the header says what that changes). */
  const sharedMachine = run.config.sharedMachine === true;
  const expected = new Set(run.config.expectedFailures ?? []);
  /** A goal judged on any machine. */
  const add = (id, name, target, measured, ok) => {
    if (!expected.has(id)) return goals.push({ id, name, target, measured, ok });
    // Shown whichever way it went, and never failing the run: a goal near its bound may hold in one run
    // and not the next, and only a run that judges it says it holds.
    goals.push({ id, name, target, measured, ok: true, expectedFailure: true, held: ok });
  };
  /** A speed goal: judged on a machine of its own, measured and printed on a shared one. */
  const addSpeed = (id, name, target, measured, ok) =>
    sharedMachine ? goals.push({ id, name, target, measured, ok: true, notJudged: !ok }) : add(id, name, target, measured, ok);

  // No replica exits unless the schedule stops it.
  add('exits', 'replicas exited unasked', '0', String(run.unaskedExits.length), run.unaskedExits.length === 0);
  // No 5xx through nginx (the schedule never stops every replica at once), but a replica's own 503 for a
  // page while the backend failed (degradedByBackend): a page whose data no replica held is then its own
  // words with a 503 by design (server/render.tsx), so that crawlers come back. Those are counted apart;
  // nginx's 502/504, an image's 503 and every other 5xx fail.
  const fivexx = Object.entries(run.access.byStatus)
    .filter(([s]) => s >= '500')
    .reduce((sum, [, n]) => sum + n, 0);
  const degraded = run.access.errors.filter((e) => degradedByBackend(e, run)).length;
  add(
    '5xx',
    '5xx answers through nginx (but degraded pages while the backend failed)',
    '0',
    `${fivexx - degraded} of ${run.access.total}`,
    fivexx === degraded,
  );
  add('degraded', 'degraded pages (503) while the backend failed', 'counted', String(degraded), true);

  // A purge reaches every replica within PURGE_P99_LIMIT_MS at p99: from its POST until every replica,
  // asked directly, showed the new version; over the purges during which no Redis, replica or backend
  // fault ran. A speed goal.
  const calm = run.purges.filter((p) => p.convergedMs !== null && p.disturbedBy.length === 0).map((p) => p.convergedMs);
  const p99 = percentile(calm, 99);
  addSpeed(
    'purge-p99',
    'purge reaches every replica, p99 (Redis up)',
    `< ${PURGE_P99_LIMIT_MS} ms`,
    calm.length ? `${fixed(p99)} ms over ${calm.length} purges` : 'no purge measured',
    calm.length > 0 && p99 < PURGE_P99_LIMIT_MS,
  );
  // No purge is lost (never seen by every replica within 60 s), and no replica answers stale: an older
  // version of an entity than one it and every other replica had already shown after that entity's purge.
  const lost = run.purges.filter((p) => p.convergedMs === null && !p.cutByEnd);
  add('purges-lost', 'purges never seen by every replica (60 s)', '0', `${lost.length} of ${run.purges.length}`, lost.length === 0);
  add('stale', 'stale answers after a purge had reached every replica', '0', String(run.stale.length), run.stale.length === 0);

  // A replica's memory stays under RSS_LIMIT_MB: its server process and the image encoder processes it
  // starts (which hold libvips's pixels while they work, and exit when idle), the sum of their
  // proportional set sizes (pages the processes share, node's and libvips's code, counted once). A
  // replica without one readable sample fails: a goal that measured nothing has not held.
  const rss = rssFigures(run);
  const overLimit = rss.filter((r) => r.measuredSamples === 0 || !(r.maxTotalMb < RSS_LIMIT_MB));
  add(
    'memory',
    'memory of every replica (server and image encoder processes, Pss)',
    `< ${RSS_LIMIT_MB} MB`,
    rss
      .map((r) => (r.measuredSamples ? `${r.name} ${fixed(r.maxTotalMb)} (server alone ${fixed(r.maxMb)}) MB max` : `${r.name} not measured (no sample)`))
      .join(', '),
    overLimit.length === 0,
  );
  // RSS flat over the last third (rssFigures): the line rises by at most max(FLAT_MIN_MB, FLAT_SHARE of
  // its first sample there).
  const growing = rss.filter((r) => r.judged && !(r.riseMb <= r.allowedRiseMb));
  add(
    'memory-flat',
    'RSS flat over the last third',
    'rise ≤ max(16 MB, 10 %)',
    rss.map((r) => `${r.name} ${r.judged ? `${fixed(r.riseMb, 1)} MB` : 'not judged (restarted late)'}`).join(', '),
    growing.length === 0,
  );

  // The event-loop delay the replica's own work caused stays under EVENT_LOOP_LIMIT_MS in every window:
  // the p99 of each window sampled every 5 s (a window is the time since the previous scrape of the
  // replica's metrics, every second in the soak), windows in the first 30 s of a process left out. The own
  // delay (site_eventloop_own_delay_p99_seconds, server/event-loop.ts) is a timer's lateness less the main
  // thread's wait for a core: the soak runs three replicas, their encoders, nginx, Redis, the load and the
  // backend on one machine, and a replica ready to run while the others hold every core is late through no
  // work of its own. The delay as Node measures it (both causes) is printed beside it; a server that did
  // not report the own delay is judged on that. A speed goal.
  const loopWorst = run.replicaNames.map((name) =>
    loopFigures(
      run.samples.eventLoop.filter((s) => s.replica === name),
      name,
    ),
  );
  const slowLoops = loopWorst.filter((l) => l.worstOwn && ownMs(l.worstOwn) >= EVENT_LOOP_LIMIT_MS);
  const at = (window) => ` at ${fixed(window.tMs / 1000)} s`;
  addSpeed(
    'event-loop',
    "event-loop delay p99 from the replica's own work, worst window (the second before each 5-s sample)",
    `< ${EVENT_LOOP_LIMIT_MS} ms`,
    loopWorst.map((l) => `${l.name} ${fixed(l.worstOwn && ownMs(l.worstOwn))} ms${l.worstOwn ? at(l.worstOwn) : ''}`).join(', '),
    slowLoops.length === 0 && loopWorst.every((l) => l.windows > 0),
  );
  add(
    'event-loop-measured',
    'event-loop delay p99 as Node measures it (also waiting for a core), worst window',
    'counted',
    loopWorst
      .map((l) =>
        l.worst
          ? `${l.name} ${fixed(l.worst.ms)} ms${at(l.worst)}${Number.isFinite(l.worstWaitMs) ? ` (its main thread waited ${fixed(l.worstWaitMs)} ms for a core)` : ''}`
          : `${l.name} —`,
      )
      .join(', '),
    true,
  );

  // No unhandled rejection or uncaught exception in any replica's log.
  const crashes = run.logs.flatMap((l) => l.crashes.map((c) => ({ ...c, replica: l.name })));
  add('crashes', 'unhandled rejections / uncaught exceptions in the logs', '0', String(crashes.length), crashes.length === 0);

  // Each replica's own IMAGE_CACHE_DIR, sampled every 5 s in the last third, holds at most its cap plus
  // IMAGE_DIR_SLACK_BYTES.
  const capBytes = run.config.imageCacheMb * 1024 * 1024;
  const lastThirdMs = run.driveStartMs + ((run.driveEndMs - run.driveStartMs) * 2) / 3;
  const dirs = run.replicaNames.map((name) => {
    const own = run.samples.imageDir.filter((s) => s.replica === name);
    return { name, finalBytes: own.at(-1)?.bytes ?? 0, lateMaxBytes: Math.max(0, ...own.filter((s) => s.tMs >= lastThirdMs).map((s) => s.bytes)) };
  });
  add(
    'image-dir',
    'image directory within its cap (last third)',
    `≤ ${run.config.imageCacheMb} MB + 1 MB`,
    dirs.map((d) => `${d.name} ${fixed(d.lateMaxBytes / 1048576, 1)} MB`).join(', '),
    dirs.every((d) => d.lateMaxBytes <= capBytes + IMAGE_DIR_SLACK_BYTES),
  );

  // No hostile markup in a page, from the backend or from Redis.
  const markup = run.findings.hostileMarkup.length + run.wrkMarkers.length;
  add('hostile', 'hostile markup in a page (backend or Redis)', '0', String(markup), markup === 0);
  // No tampered Redis entry is served: what the soak wrote into Redis as a neighbour would (./faults.mjs),
  // each entry asked of every replica. Judged only on entries written and asked for: a fault that wrote
  // none tested nothing, and fails the goal.
  const tamperAsked = run.findings.tamperAsked ?? [];
  const tamperServed = run.findings.tamperedServed.length;
  add(
    'tampered',
    'tampered Redis entries served',
    '0',
    tamperAsked.length ? `${tamperServed} (${tamperAsked.length} written and asked of every replica)` : 'none written: not measured',
    tamperAsked.length > 0 && tamperServed === 0,
  );
  // A slow stop is a speed goal (a replica's last requests and its exit wait for cores like everything
  // else); a replica that never stops is hung, judged on any machine.
  const stops = run.findings.stops ?? [];
  const slow = stops.filter(slowStop).length;
  const hung = stops.filter((s) => s.forced).length;
  const slowest = Math.max(0, ...stops.map((s) => s.tookMs));
  addSpeed('stops', `replicas still running ${STOP_GRACE_MS / 1000} s after SIGTERM`, '0', `${slow} (slowest stop ${fixed(slowest / 1000, 1)} s)`, slow === 0);
  add('hung', `replicas still running ${STOP_KILL_MS / 1000} s after SIGTERM (killed)`, '0', String(hung), hung === 0);
  // Every replica is ready within 90 s of a start.
  add('ready', 'replicas not ready 90 s after a start', '0', String(run.findings.notReady.length), run.findings.notReady.length === 0);
  // Each fault's alert fired, in time, and none fired while no fault ran: ./alerts.mjs says how each is
  // measured and which are speed goals.
  for (const goal of alertGoals(run)) (goal.speed ? addSpeed : add)(goal.id, goal.name, goal.target, goal.measured, goal.ok);
  return { goals, rss, loopWorst, loopBands: loopByMachineUse(run), dirs, crashes, calmPurgeMs: calm };
}

/** Two windows at most this far apart are neighbours (one sampler tick of 5 s, and its lateness). */
const WINDOW_GAP_MS = 7_500;

/** A window's delay from the replica's own work; the delay as measured for a server that did not report it. */
export const ownMs = (window) => window.ownMs ?? window.ms;

/**
 * One replica's event-loop windows (in time order): the median and worst p99 as measured, the worst
 * from its own work, and how long its main thread waited for a core in the worst measured window (the
 * rise of its running total since the window before, within one process's life).
 */
export function loopFigures(windows, name) {
  const worstBy = (value) => windows.reduce((w, s) => (value(s) > (w ? value(w) : -1) ? s : w), null);
  const worst = worstBy((s) => s.ms);
  const i = windows.indexOf(worst);
  const before = windows[i - 1];
  const sameProcess = before && worst.tMs - before.tMs <= WINDOW_GAP_MS && Number.isFinite(before.cpuWaitS) && worst.cpuWaitS >= before.cpuWaitS;
  const waited = sameProcess ? (worst.cpuWaitS - before.cpuWaitS) * 1000 : NaN;
  return {
    name,
    worst,
    worstOwn: worstBy(ownMs),
    worstWaitMs: waited,
    median: percentile(
      windows.map((s) => s.ms),
      50,
    ),
    windows: windows.length,
  };
}

/**
 * Every replica's event-loop windows by how busy the whole machine was over the same 5 s (its CPU time
 * but idle, `samples.machine`): a process waiting for a core looks like a blocked event loop, and the
 * bands tell the two apart. Per band: how many windows, their median, p90 and worst p99 as measured,
 * how many reached the goal's limit, and the worst p99 from the replicas' own work. Empty without machine samples (no /proc).
 */
export function loopByMachineUse(run) {
  const use = machineUse(run);
  const bands = MACHINE_BANDS.map((upTo, i) => ({ from: MACHINE_BANDS[i - 1] ?? 0, upTo, windows: [] }));
  for (const window of run.samples.eventLoop) {
    const same = sameTick(use, window.tMs);
    if (!same) continue;
    bands.find((band) => same.percent < band.upTo || band.upTo === 100).windows.push(window);
  }
  return bands
    .filter((band) => band.windows.length > 0)
    .map(({ from, upTo, windows }) => {
      const measured = windows.map((w) => w.ms);
      return {
        band: from === 0 ? `< ${upTo} %` : `${from}-${upTo} %`,
        windows: windows.length,
        median: percentile(measured, 50),
        p90: percentile(measured, 90),
        worst: Math.max(...measured),
        slow: measured.filter((ms) => ms >= EVENT_LOOP_LIMIT_MS).length,
        worstOwn: Math.max(...windows.map(ownMs)),
      };
    });
}

/** The machine's CPU use (all cores, everything but idle) in percent over each interval between its samples. */
export function machineUse(run) {
  const machine = run.samples.machine ?? [];
  const use = [];
  for (let i = 1; i < machine.length; i++) {
    const [a, b] = [machine[i - 1], machine[i]];
    const used = b.busy - a.busy + (b.nice - a.nice);
    const total = used + (b.idle - a.idle);
    if (total > 0) use.push({ tMs: b.tMs, percent: (100 * used) / total });
  }
  return use;
}

/** The machine's sample of the same sampler tick as a replica's sample at `tMs` (taken just before it). */
export function sameTick(use, tMs) {
  return use.find((u) => Math.abs(u.tMs - tMs) <= 2_500);
}
