/**
 * The soak report: markdown for people (report.md), everything as JSON (report.json) and a chart of
 * RSS and request rate over time with the faults shaded (chart.svg), in one folder.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { esc, writeSvg } from '../svg.mjs';
import { writeAlertSection } from './alerts-report.mjs';
import { EVENT_LOOP_LIMIT_MS, ownMs } from './goals.mjs';
import { memoryAtPeak } from './memory.mjs';
import { FULL_MACHINE_PERCENT, roleFigures } from './roles.mjs';
import { percentile } from './stats.mjs';
import { slowStop } from './stops.mjs';

const fixed = (value, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '—');
const seconds = (ms) => `${fixed(ms / 1000, 1)} s`;
const COLORS = ['#1f77b4', '#2ca02c', '#9467bd', '#8c564b'];

function chart(file, run) {
  const width = 960;
  const plot = { left: 60, right: 20, top: 30, height: 170, gap: 50 };
  const height = plot.top + 2 * plot.height + plot.gap + 40;
  const endS = Math.max(1, run.endMs / 1000);
  const x = (s) => plot.left + (s / endS) * (width - plot.left - plot.right);
  const rssMax = Math.max(100, ...run.samples.rss.map((s) => s.mb)) * 1.1;
  const rates = [...run.access.perSecond.entries()].filter(([s]) => s >= 0 && s <= endS).sort((a, b) => a[0] - b[0]);
  const rateMax = Math.max(10, ...rates.map(([, b]) => b.all)) * 1.1;
  const top2 = plot.top + plot.height + plot.gap;
  const yRss = (mb) => plot.top + plot.height - (mb / rssMax) * plot.height;
  const yRate = (n) => top2 + plot.height - (n / rateMax) * plot.height;
  const parts = [];
  run.timeline.forEach((e, i) => {
    const from = x(e.startMs / 1000);
    const to = Math.max(from + 2, x((e.endMs ?? run.endMs) / 1000));
    parts.push(
      `<rect x="${from.toFixed(1)}" y="${plot.top}" width="${(to - from).toFixed(1)}" height="${top2 + plot.height - plot.top}" fill="#f5a623" fill-opacity="0.15"><title>${esc(e.name)}</title></rect>`,
    );
    parts.push(`<text x="${from.toFixed(1)}" y="${plot.top - 4 - (i % 2) * 10}" font-size="9" fill="#8a5a00">${i + 1}</text>`);
  });
  for (const [top, label, max] of [
    [plot.top, 'RSS (MB)', rssMax],
    [top2, 'requests/s through nginx (red: 5xx)', rateMax],
  ]) {
    parts.push(`<rect x="${plot.left}" y="${top}" width="${width - plot.left - plot.right}" height="${plot.height}" fill="none" stroke="#999"/>`);
    parts.push(`<text x="${plot.left}" y="${top + plot.height + 14}" font-size="11">${esc(label)}; 0-${fixed(endS)} s</text>`);
    parts.push(`<text x="${plot.left - 4}" y="${top + 10}" font-size="10" text-anchor="end">${fixed(max)}</text>`);
  }
  parts.push(
    `<line x1="${plot.left}" x2="${width - plot.right}" y1="${yRss(300)}" y2="${yRss(300)}" stroke="#d62728" stroke-dasharray="4 3"><title>300 MB goal</title></line>`,
  );
  run.replicaNames.forEach((name, i) => {
    const points = run.samples.rss.filter((s) => s.replica === name).map((s) => `${x(s.tMs / 1000).toFixed(1)},${yRss(s.mb).toFixed(1)}`);
    if (points.length)
      parts.push(
        `<polyline fill="none" stroke="${COLORS[i % COLORS.length]}" stroke-width="1.5" points="${points.join(' ')}"><title>${esc(name)}</title></polyline>`,
      );
    parts.push(`<text x="${width - plot.right - 80}" y="${plot.top + 14 + i * 12}" font-size="10" fill="${COLORS[i % COLORS.length]}">${esc(name)}</text>`);
  });
  parts.push(
    `<polyline fill="none" stroke="#333" stroke-width="1" points="${rates.map(([s, b]) => `${x(s).toFixed(1)},${yRate(b.all).toFixed(1)}`).join(' ')}"/>`,
  );
  for (const [s, b] of rates.filter(([, b]) => b.errors > 0)) {
    parts.push(
      `<rect x="${x(s).toFixed(1)}" y="${yRate(b.errors).toFixed(1)}" width="2" height="${(top2 + plot.height - yRate(b.errors)).toFixed(1)}" fill="#d62728"/>`,
    );
  }
  writeSvg(file, { width, height, title: `Soak: RSS and request rate over ${fixed(endS)} s, faults shaded`, body: parts.join('\n') });
}

function markdown(run, verdict) {
  const lines = [];
  const table = (head, rows) => {
    lines.push(`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`);
    for (const row of rows) lines.push(`| ${row.join(' | ')} |`);
    lines.push('');
  };
  const failed = verdict.goals.filter((g) => !g.ok).length;
  lines.push(`# Soak report`, '');
  lines.push(
    `${run.interrupted ? '**Interrupted** after' : 'Ran'} ${seconds(run.endMs)} (SOAK_S=${run.config.soakS}; load ${seconds(run.driveEndMs - run.driveStartMs)} from ${seconds(run.driveStartMs)}), ` +
      `3 replicas behind nginx, Redis (${run.config.redisArgs.join(' ')}), wrk ${run.config.connections} connections, pace ${run.config.paceMs} ms; ` +
      `${run.access.total} answers through nginx. **${failed === 0 ? 'Every goal held' : `${failed} of ${verdict.goals.length} goals failed`}.**` +
      (run.config.sharedMachine ? ' The machine ran other work beside it (SOAK_SHARED_MACHINE=1): the speed goals are shown, not judged.' : ''),
    '',
  );
  table(
    ['goal', 'target', 'measured', ''],
    verdict.goals.map((g) => [g.name, g.target, g.measured, verdictOf(g)]),
  );
  lines.push('## Faults', '');
  table(
    ['#', 'fault', 'from', 'to', 'notes'],
    run.timeline.map((e, i) => [
      i + 1,
      e.name,
      seconds(e.startMs),
      e.endMs === null ? 'cut by the end' : seconds(e.endMs),
      (e.notes || '').replace(/\|/g, '/'),
    ]),
  );
  writeAlertSection(run, lines, table);
  lines.push('## Answers through nginx', '');
  table(
    ['status', 'answers'],
    Object.entries(run.access.byStatus)
      .sort()
      .map(([s, n]) => [s, n]),
  );
  lines.push(
    `wrk: ${run.wrk.requests} requests in ${run.wrk.segments} segments; socket errors: connect ${run.wrk.connectErrors}, read ${run.wrk.readErrors}, write ${run.wrk.writeErrors}, timeout ${run.wrk.timeouts}.`,
    '',
  );
  if (run.access.errors.length) {
    lines.push(`### Every 5xx (${run.access.errors.length + run.access.unlisted})`, '');
    table(
      ['at', 'status', 'replica', 'path'],
      run.access.errors.slice(0, 200).map((e) => [seconds(e.atS * 1000), e.status, e.upstream, `\`${e.path}\``]),
    );
    if (run.access.errors.length > 200)
      lines.push(`…and ${run.access.errors.length - 200 + run.access.unlisted} more (report.json lists ${run.access.errors.length}).`, '');
  }
  lines.push('## Purges', '');
  const calm = verdict.calmPurgeMs;
  const disturbed = run.purges.filter((p) => p.convergedMs !== null && p.disturbedBy.length > 0).map((p) => p.convergedMs);
  table(
    ['purges', 'count', 'p50', 'p99', 'max'],
    [
      ['Redis up, no fault', calm.length, ...[50, 99, 100].map((p) => `${fixed(percentile(calm, p))} ms`)],
      ['during a fault', disturbed.length, ...[50, 99, 100].map((p) => `${fixed(percentile(disturbed, p))} ms`)],
    ],
  );
  const lost = run.purges.filter((p) => p.convergedMs === null);
  if (lost.length) {
    table(
      ['sent at', 'entity', 'by', 'via', 'answer', 'replicas that showed it', 'faults'],
      lost.map((p) => [
        seconds(p.sentMs),
        p.entity,
        p.by,
        p.via,
        p.status,
        Object.keys(p.perReplicaMs).join(' ') || 'none',
        p.disturbedBy.join(', ') || (p.cutByEnd ? 'cut by the end' : ''),
      ]),
    );
  }
  if (run.stale.length) {
    lines.push('### Stale answers', '');
    table(
      ['at', 'replica', 'entity', 'showed', 'expected'],
      run.stale.slice(0, 100).map((s) => [seconds(s.atMs), s.replica, s.entity, `v${s.shown}`, `v${s.expected}`]),
    );
  }
  lines.push('## Replicas', '');
  table(
    [
      'replica',
      'starts',
      'RSS max (server)',
      'memory max (with encoders, Pss)',
      'last third: first',
      'last third: max',
      'rise (fit)',
      'event loop p99: median window',
      'worst window',
      'worst window, own work',
      'image dir final',
    ],
    verdict.rss.map((r, i) => {
      const loop = verdict.loopWorst[i];
      const dir = verdict.dirs[i];
      return [
        r.name,
        run.starts[r.name],
        `${fixed(r.maxMb)} MB`,
        `${fixed(r.maxTotalMb)} MB`,
        `${fixed(r.lastThirdFirstMb)} MB`,
        `${fixed(r.lastThirdMaxMb)} MB`,
        r.judged ? `${fixed(r.riseMb, 1)} MB (≤ ${fixed(r.allowedRiseMb, 1)})` : 'not judged (restarted late, or a drive under 10 min)',
        `${fixed(loop.median, 1)} ms`,
        loop.worst ? `${fixed(loop.worst.ms, 1)} ms at ${seconds(loop.worst.tMs)}` : '—',
        loop.worstOwn ? `${fixed(ownMs(loop.worstOwn), 1)} ms at ${seconds(loop.worstOwn.tMs)}` : '—',
        `${fixed(dir.finalBytes / 1048576, 1)} / ${run.config.imageCacheMb} MB`,
      ];
    }),
  );
  if (verdict.loopBands.length) {
    lines.push(
      "Event-loop windows of every replica by the machine's CPU use over the same 5 s (all its cores, every process but idle): a replica waiting for a core looks like a blocked event loop. The p99s as Node measures them, and the worst p99 of the delay the replicas' own work caused (the goal).",
      '',
    );
    table(
      ['machine CPU used', 'windows', 'median p99', 'p90 of p99s', 'worst p99', `windows ≥ ${EVENT_LOOP_LIMIT_MS} ms`, 'worst p99, own work'],
      verdict.loopBands.map((b) => [
        b.band,
        b.windows,
        `${fixed(b.median)} ms`,
        `${fixed(b.p90)} ms`,
        `${fixed(b.worst)} ms`,
        b.slow,
        `${fixed(b.worstOwn)} ms`,
      ]),
    );
  }
  const peaks = memoryAtPeak(run).filter((p) => p.peak);
  if (peaks.length) {
    lines.push(
      "Each replica's memory at its highest sample, and what the server's metrics said nearest it: its main thread's V8 heap, memory outside it (Buffers, the stored pages among them), the caches as the server counts them, and whether the sanitiser thread (jsdom, with a heap of its own that the main thread's does not count) was alive.",
      '',
    );
    table(
      ['replica', 'at', 'memory (Pss)', 'server (Pss)', 'encoders (Pss)', 'V8 heap', 'outside the heap', 'stored pages', 'data cache', 'sanitiser thread'],
      peaks.map(({ name, peak, parts }) => [
        name,
        seconds(peak.tMs),
        `${fixed(peak.totalMb)} MB`,
        `${fixed(peak.serverPssMb)} MB`,
        `${fixed(peak.encodersMb)} MB`,
        parts ? `${fixed(parts.heapMb)} MB` : '—',
        parts ? `${fixed(parts.externalMb)} MB` : '—',
        parts ? `${fixed(parts.pageCacheMb)} MB` : '—',
        parts ? `${fixed(parts.dataCacheMb)} MB` : '—',
        parts ? (parts.sanitizer ? 'alive' : 'ended') : '—',
      ]),
    );
  }
  const roles = roleFigures(run);
  if (roles.rows.length) {
    lines.push(
      `CPU used by each role among the processes the soak test started, in % of one core (the machine has ${cpus().length}): over the run, and over the ${roles.fullSamples} samples with the machine ${FULL_MACHINE_PERCENT} % busy or more.`,
      '',
    );
    table(
      ['role', 'mean', `machine ≥ ${FULL_MACHINE_PERCENT} %`],
      roles.rows.map((r) => [r.role, `${fixed(r.mean)} %`, `${fixed(r.whenFull)} %`]),
    );
  }
  for (const exit of run.unaskedExits)
    lines.push(`- ${exit.replica} exited unasked at ${seconds(exit.atMs)} (code ${exit.code}, signal ${exit.signal}): ${exit.lastError}`);
  for (const crash of verdict.crashes) lines.push(`- ${crash.replica}: ${crash.kind}: \`${crash.error}\``);
  for (const finding of [
    ...run.findings.hostileMarkup,
    ...run.findings.tamperedServed,
    ...(run.findings.stops ?? []).filter(slowStop),
    ...run.findings.notReady,
  ].slice(0, 50)) {
    lines.push(`- at ${seconds(finding.atMs)}: ${JSON.stringify({ ...finding, atMs: undefined })}`);
  }
  for (const marker of run.wrkMarkers.slice(0, 20)) lines.push(`- wrk saw hostile markup: ${marker}`);
  lines.push('');
  const redisLast = run.samples.redis.at(-1);
  lines.push(
    `Redis at the end: ${fixed(redisLast?.usedMb, 1)} MB used, ${redisLast?.evicted ?? '—'} keys evicted since its last start. Backend calls: ${run.backend.calls} (${JSON.stringify(run.backend.callsByMode)}).`,
    '',
  );
  // What each replica refused from Redis (its log says once a minute per kind): beside RedisEntriesRejected,
  // whether only the tampering fault's entries were refused.
  const refusals = run.logs
    .flatMap((log) => log.kept.filter((line) => line.includes('"msg":"redis entry refused"')).map((line) => ({ replica: log.name, ...JSON.parse(line) })))
    .map((line) => ({ ...line, atMs: Date.parse(line.time) - run.startedAt }))
    .sort((a, b) => a.atMs - b.atMs)
    .map(({ atMs, replica, kind, key, alsoSince }) => `- ${seconds(atMs)}, ${replica}: ${kind} ${key}${alsoSince ? ` (and ${alsoSince} more before it)` : ''}`);
  if (refusals.length) lines.push('Entries the replicas refused from Redis:', '', ...refusals, '');
  lines.push('Health at the end (/healthz on each metrics listener):', '');
  for (const [name, health] of Object.entries(run.health)) lines.push(`- ${name}: ${health ? `redis ${JSON.stringify(health.redis)}` : 'no answer'}`);
  lines.push('');
  for (const log of run.logs) {
    const top = Object.entries(log.errorsByMessage)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8);
    if (top.length) lines.push(`- ${log.name} error-level log lines: ${top.map(([m, n]) => `${n}× "${m}"`).join('; ')}`);
  }
  lines.push(
    '',
    "Beside this report: chart.svg (RSS per replica, requests/s through nginx, 5xx in red, faults shaded and numbered as in the table), report.json, each replica's warn and error log lines, nginx-error.log.",
    '',
  );
  return lines.join('\n');
}

/** A goal's last column: held, failed, or why a failure does not fail the run. */
function verdictOf(goal) {
  if (goal.notJudged) return 'over, not judged (shared machine)';
  if (goal.expectedFailure)
    return goal.held ? 'held (listed in SOAK_EXPECTED_FAILURES: if it keeps holding, take it off)' : 'failed, known (SOAK_EXPECTED_FAILURES)';
  return goal.ok ? 'ok' : '**FAIL**';
}

export function writeReport(dir, run, verdict) {
  mkdirSync(dir, { recursive: true });
  const text = markdown(run, verdict);
  writeFileSync(join(dir, 'report.md'), text);
  const json = { ...run, access: { ...run.access, perSecond: Object.fromEntries(run.access.perSecond) }, goals: verdict.goals };
  writeFileSync(join(dir, 'report.json'), JSON.stringify(json, null, 1));
  for (const log of run.logs) writeFileSync(join(dir, `${log.name}.warn.log`), log.kept.join('\n') + '\n');
  if (existsSync(run.nginxErrorLog))
    writeFileSync(join(dir, 'nginx-error.log'), readFileSync(run.nginxErrorLog, 'utf8').split('\n').slice(0, 2_000).join('\n'));
  chart(join(dir, 'chart.svg'), run);
  return text;
}
