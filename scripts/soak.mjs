/**
 * `npm run soak` (issue 27): the whole site under load and faults, and what held, in numbers.
 *
 * Starts on free loopback ports: Debian's redis-server configured as deploy/docker-compose.yml
 * configures it (with a small maxmemory, so that it evicts), the soak backend (the embedded content
 * over HTTP, able to change its data and to misbehave: scripts/lib/soak/backend.mjs), three built
 * server processes as the Dockerfile runs them, Debian's Prometheus scraping them with
 * deploy/prometheus/'s rules on a faster clock (scripts/lib/soak/prometheus.mjs), and nginx with
 * deploy/nginx.conf. Then drives it with wrk through nginx (scripts/lib/soak/load.mjs) while a schedule of
 * faults runs (scripts/lib/soak/faults.mjs, alert-faults.mjs) and purges are measured
 * (scripts/lib/soak/purges.mjs); the alert each fault fired, and any that fired while none ran, are
 * judged (scripts/lib/soak/alerts.mjs). Writes soak-report/report.md, report.json and chart.svg, prints
 * the report, and exits 1 when a goal failed (scripts/lib/soak/goals.mjs), 130/143 when interrupted.
 *
 *   SOAK_S (240): the whole run, start-up included; stopping takes at most about a minute more.
 *   SOAK_CONNECTIONS (8), SOAK_PACE_MS (20: each connection waits 0-2x this between requests),
 *   SOAK_REDIS_MAXMEMORY (64mb: small, so that the neighbour's keys make it evict, yet above the
 *   40 MB entry the tampering fault writes), SOAK_IMAGE_CACHE_MB (16), SOAK_REPORT_DIR (soak-report),
 *   SOAK_CACHE_MAX_KEYS (unset: the server's default) is passed to the replicas as CACHE_MAX_KEYS: a small
 *   value lets a short run fill the data cache as a crawler fills it in hours.
 *   SOAK_KEEP=1 keeps the run's folder (logs, nginx prefix) in the temp directory.
 *   SOAK_NODE_ARGS: node flags added to the replicas' (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
 *   SOAK_SHARED_MACHINE=1: other work runs beside the soak (CI): the speed goals are printed, not judged.
 *   SOAK_EXPECTED_FAILURES: ids of goals known not to hold yet (comma-separated, e.g. `memory`): they
 *   are printed, held or failed, without failing the run (scripts/lib/soak/goals.mjs).
 * Load goes only to the loopback addresses of the processes this script starts.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staleReason } from './lib/build-freshness.mjs';
import { withBundled } from './lib/bundled.mjs';
import { root } from './lib/site-process.mjs';
import { readAccessLog } from './lib/soak/access-log.mjs';
import { startSoakBackend } from './lib/soak/backend.mjs';
import { withAlertFaults } from './lib/soak/alert-faults.mjs';
import { faults } from './lib/soak/faults.mjs';
import { judge } from './lib/soak/goals.mjs';
import { driveLoad, WRK } from './lib/soak/load.mjs';
import { NGINX, startNginx } from './lib/soak/nginx.mjs';
import { killAllNow, runningNames } from './lib/soak/processes.mjs';
import { PROMETHEUS, SCRAPE_MS, startPrometheus } from './lib/soak/prometheus.mjs';
import { PurgeProbe } from './lib/soak/purges.mjs';
import { REDIS_SERVER, RedisServer } from './lib/soak/redis.mjs';
import { Replica } from './lib/soak/replica.mjs';
import { STOP_GRACE_MS, STOP_KILL_MS, recordStop } from './lib/soak/stops.mjs';
import { readReplicaLog } from './lib/soak/replica-logs.mjs';
import { writeReport } from './lib/soak/report.mjs';
import { startSamplers } from './lib/soak/samplers.mjs';
import { plan, runSchedule } from './lib/soak/schedule.mjs';
import { Clock, every, sleep } from './lib/soak/time.mjs';
import { Timeline } from './lib/soak/timeline.mjs';
import { imagePaths, warmPaths } from './lib/soak/urls.mjs';

const integer = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`Invalid ${name}: ${process.env[name]} (expected a whole number)`);
    process.exit(1);
  }
  return value;
};
const config = {
  soakS: integer('SOAK_S', 240),
  connections: integer('SOAK_CONNECTIONS', 8),
  paceMs: integer('SOAK_PACE_MS', 20),
  redisMaxmemory: process.env.SOAK_REDIS_MAXMEMORY ?? '64mb',
  imageCacheMb: integer('SOAK_IMAGE_CACHE_MB', 16),
  reportDir: process.env.SOAK_REPORT_DIR ?? join(root, 'soak-report'),
  freezeS: 8,
  // A backend fault outlasts the backend's timeout (5 s: a hung call fails only then) plus BackendFailing's
  // for: on the soak's clock (6 s, ./lib/soak/prometheus.mjs), so that the alert it exists to fire is due.
  backendFaultS: 15,
  purgeEveryMs: 4_000,
  token: randomBytes(18).toString('base64url'),
  sharedMachine: process.env.SOAK_SHARED_MACHINE === '1',
  expectedFailures: (process.env.SOAK_EXPECTED_FAILURES ?? '').split(',').filter(Boolean),
};
/** Start-up may take at most this share of SOAK_S: the rest is load and faults. */
const STARTUP_SHARE = 0.4;
/** After SOAK_S: replicas, nginx and Redis stopped (each bounded) and the report written. */
const SHUTDOWN_BUDGET_S = 90;
const REPLICAS = 3;

for (const [tool, path] of [
  ['wrk', WRK],
  ['nginx', NGINX],
  ['redis-server', REDIS_SERVER],
  ['prometheus', PROMETHEUS],
]) {
  if (!existsSync(path)) {
    console.error(`npm run soak needs ${tool} (${path}): apt-get install -y wrk nginx-light redis-server prometheus`);
    process.exit(1);
  }
}

const clock = new Clock();
const deadline = clock.startedAt + config.soakS * 1000;
const stop = new AbortController();
let interrupted = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (interrupted) {
      // A second signal: no more waiting.
      killAllNow();
      process.exit(130);
    }
    interrupted = signal;
    console.log(`\n${signal}: stopping everything the soak test started…`);
    stop.abort();
  });
}
process.on('exit', killAllNow);
setTimeout(
  () => {
    console.error(`soak: still running ${SHUTDOWN_BUDGET_S} s after SOAK_S; killing what it started`);
    killAllNow();
    process.exit(2);
  },
  (config.soakS + SHUTDOWN_BUDGET_S) * 1000,
).unref();
const log = (text) => console.log(`[${(clock.now() / 1000).toFixed(1).padStart(6)} s] ${text}`);

if (staleReason(root)) spawnSync(process.execPath, [join(root, 'build.mjs')], { cwd: root, stdio: 'inherit' });

const dir = mkdtempSync(join(tmpdir(), 'site-soak-'));
const timeline = new Timeline(clock);
const findings = { hostileMarkup: [], tamperedServed: [], tamperAsked: [], messagesForged: [], keptDown: [], stops: [], notReady: [] };
const unaskedExits = [];

/** What the soak's Prometheus fired from its start to the end of the load, on the run's clock (./lib/soak/alerts.mjs judges it). */
async function alertsOfRun(prometheus, run) {
  const onClock = (epochMs) => epochMs - clock.startedAt;
  const fired = await prometheus.firing(clock.startedAt + run.prometheusStartMs, clock.startedAt + run.driveEndMs);
  return {
    scrapeMs: SCRAPE_MS,
    startMs: run.prometheusStartMs,
    endMs: run.driveEndMs,
    timings: prometheus.timings,
    fired: fired.map((f) => ({ ...f, spells: f.spells.map((spell) => ({ fromMs: onClock(spell.fromMs), toMs: onClock(spell.toMs) })) })),
  };
}

const exitCode = await withBundled('embedded-backend', async ({ startEmbeddedBackend }) => {
  const embedded = await startEmbeddedBackend(20);
  const backend = await startSoakBackend({ embeddedUrl: embedded.url, newsMax: 5000 });
  const redis = new RedisServer({ dir, maxmemory: config.redisMaxmemory });
  const signal = stop.signal;
  const onUnaskedExit = (replica, exit) => {
    const stderr = existsSync(replica.stderrLog) ? readFileSync(replica.stderrLog, 'utf8').trim().split('\n') : [];
    unaskedExits.push({
      replica: replica.name,
      atMs: clock.now(),
      code: exit.code,
      signal: exit.signal,
      lastError: stderr.filter((l) => /Error|Exception|Rejection/.test(l) && !/^\s+at /.test(l)).at(-1) ?? '',
    });
    log(`${replica.name} exited unasked (code ${exit.code}, signal ${exit.signal}); starting it again, as a restart policy would`);
    if (!signal.aborted && replica.starts < 20) void sleep(1_000, signal).then(() => !signal.aborted && replica.start(signal));
  };
  const imageSigningKey = randomBytes(18).toString('base64url');
  const redisSigningKey = randomBytes(33).toString('base64url');
  const replicas = Array.from(
    { length: REPLICAS },
    (_, i) =>
      new Replica(i + 1, {
        dir,
        onUnaskedExit,
        env: {
          REDIS_URL: redis.url,
          REDIS_SIGNING_KEY: redisSigningKey,
          BACKEND_URL: backend.url,
          SITE_URL: 'https://soak.example.uz',
          CACHE_PURGE_TOKEN: config.token,
          IMAGE_SIGNING_KEY: imageSigningKey,
          IMAGE_CACHE_DIR: join(dir, `images-${i + 1}`),
          IMAGE_CACHE_MAX_MB: String(config.imageCacheMb),
          LOG_LEVEL: 'info',
          ...(process.env.SOAK_CACHE_MAX_KEYS ? { CACHE_MAX_KEYS: process.env.SOAK_CACHE_MAX_KEYS } : {}),
        },
      }),
  );
  let nginx = null;
  let prometheus = null;
  const run = {
    config: { ...config, token: undefined, redisArgs: redis.args },
    startedAt: clock.startedAt,
    replicaNames: replicas.map((r) => r.name),
    findings,
    unaskedExits,
  };
  const loops = [];
  try {
    await redis.start(signal);
    for (const replica of replicas) await replica.ports();
    for (const replica of replicas) replica.env.REDIS_URL = redis.url;
    log(`redis-server on ${redis.url} (${redis.args.join(' ')}); starting ${REPLICAS} replicas…`);
    const ready = await Promise.all(replicas.map((r) => r.start(signal)));
    if (!ready.every(Boolean))
      throw new Error(
        `replicas not ready: ${replicas
          .filter((r) => !r.ready)
          .map((r) => r.name)
          .join(', ')}`,
      );
    prometheus = await startPrometheus({ dir, targets: replicas.map((r) => `127.0.0.1:${r.metricsPort}`), signal });
    run.prometheusStartMs = clock.now();
    log(`prometheus on ${prometheus.url}, scraping the replicas every ${SCRAPE_MS / 1000} s, deploy/prometheus/alerts.yml on a clock 30 times as fast`);
    nginx = await startNginx(
      dir,
      replicas.map((r) => r.port),
    );
    log(`nginx on ${nginx.url}; collecting the site's URLs and image variants (warms the caches)…`);
    const lists = { warm: await warmPaths(nginx.url, signal), images: [] };
    lists.images = await imagePaths(nginx.url, lists.warm, signal);
    if (clock.now() > config.soakS * 1000 * STARTUP_SHARE) throw new Error(`start-up took ${(clock.now() / 1000).toFixed(0)} s: raise SOAK_S`);
    run.driveStartMs = clock.now();
    log(`${lists.warm.length} warm URLs, ${lists.images.length} image variants; load and faults until ${config.soakS} s`);

    const deadlineTimer = setTimeout(() => stop.abort(), deadline - Date.now());
    const maxRuns = config.soakS + 10;
    const ctx = { redis, backend, replicas, nginx, timeline, clock, signal, findings, config };
    const runFault = async (fault) => {
      const event = timeline.begin(fault.name, fault.group);
      log(`fault: ${fault.name}…`);
      let notes;
      try {
        notes = await fault.run(ctx);
      } catch (error) {
        notes = `the fault itself failed: ${error.message}`;
      }
      timeline.end(event, notes);
      log(`fault: ${fault.name} done: ${notes}`);
    };
    const probe = new PurgeProbe({ backend, replicas, token: config.token, timeline, clock, signal });
    const samplers = startSamplers({ replicas, redis, clock, signal, maxRuns });
    const planned = plan(withAlertFaults(faults(config)), deadline - Date.now());
    log(`${planned.length} faults planned within the first half of the load`);
    loops.push(
      driveLoad({ url: nginx.url, dir, connections: config.connections, paceMs: config.paceMs, untilMs: deadline, lists: () => lists, signal }).then(
        (wrk) => (run.wrk = wrk),
      ),
      runSchedule(planned, { startedAt: Date.now(), signal, runFault }),
      probe.run(deadline, config.purgeEveryMs, maxRuns),
      probe.watch(deadline, maxRuns * 2),
      samplers.done,
      every(60_000, signal, maxRuns, async (i) => {
        if (i === 0) return;
        const sample = lists.warm.filter((_, n) => n % 10 === i % 10);
        lists.images = [...new Set([...lists.images, ...(await imagePaths(nginx.url, sample, signal, 2))])];
      }),
    );
    await Promise.allSettled(loops);
    clearTimeout(deadlineTimer);
    run.driveEndMs = clock.now();
    run.samples = samplers.samples;
    run.purges = probe.purges;
    run.stale = probe.stale;
    run.alerts = await alertsOfRun(prometheus, run).catch((error) => ({ error: String(error.message ?? error) }));
  } catch (error) {
    log(`the soak test could not run: ${error.stack ?? error}`);
    run.setupError = String(error.message ?? error);
    stop.abort();
    await Promise.allSettled(loops);
  } finally {
    log(`stopping (replicas have ${STOP_GRACE_MS / 1000} s after SIGTERM, and are killed after ${STOP_KILL_MS / 1000})…`);
    redis.thaw();
    run.health = {};
    for (const replica of replicas) run.health[replica.name] = await replica.health();
    run.starts = Object.fromEntries(replicas.map((r) => [r.name, r.starts]));
    const stops = await Promise.all(replicas.map((r) => r.stop('SIGTERM')));
    stops.forEach((stopped, i) => recordStop(findings, { atMs: clock.now(), replica: replicas[i].name, signal: 'SIGTERM at the end', stopped }));
    await nginx?.stop();
    await prometheus?.stop();
    await redis.stop();
    redis.close();
    await backend.close();
    await embedded.close();
    run.backend = backend.state;
  }
  run.endMs = clock.now();
  run.interrupted = interrupted;
  const left = runningNames();
  if (left.length) {
    log(`still running after the stop, killed now: ${left.join(', ')}`);
    killAllNow();
  }
  if (run.setupError) {
    console.error(`soak: ${run.setupError}`);
    return interrupted ? 130 : 1;
  }
  run.access = await readAccessLog(nginx.accessLog, clock.startedAt);
  run.nginxErrorLog = nginx.errorLog;
  run.wrkMarkers = existsSync(run.wrk?.markerFile ?? '') ? readFileSync(run.wrk.markerFile, 'utf8').split('\n').filter(Boolean) : [];
  run.logs = await Promise.all(
    replicas.map(async (r) => ({ name: r.name, upstream: `127.0.0.1:${r.port}`, ...(await readReplicaLog(r.stdoutLog, r.stderrLog, clock.startedAt)) })),
  );
  run.timeline = timeline.events;
  const verdict = judge(run);
  mkdirSync(config.reportDir, { recursive: true });
  console.log(`\n${writeReport(config.reportDir, run, verdict)}`);
  console.log(`Report: ${join(config.reportDir, 'report.md')} (JSON and chart.svg beside it)`);
  if (interrupted) return interrupted === 'SIGINT' ? 130 : 143;
  const failed = verdict.goals.filter((g) => !g.ok);
  // Last, so that a reader who sees only the end of the output (CI prints the tail) sees what failed.
  for (const g of failed) console.log(`goal failed: ${g.name}: ${g.measured} (goal ${g.target})`);
  return failed.length === 0 ? 0 : 1;
});

if (process.env.SOAK_KEEP === '1') console.log(`Run folder kept: ${dir}`);
else rmSync(dir, { recursive: true, force: true });
process.exit(exitCode);
