/**
 * What is sampled during the run: each replica's RSS from /proc (every 2 s), its event-loop delay p99
 * from /metrics (every 5 s: prom-client's nodejs_eventloop_lag_p99_seconds and the site's
 * site_eventloop_own_delay_p99_seconds cover the time since the previous scrape, so each sample is the
 * p99 of one 5-second window) with its CPU time, its main thread's wait for a core and renders so
 * far and what its memory holds (V8 heap, Buffers, caches, the sanitiser thread), its image directory's
 * size, Redis's memory and evictions, the machine's CPU time, and what each role among the processes the
 * soak test started used of it (./roles.mjs).
 */
import { readFileSync } from 'node:fs';
import { dirBytes } from './faults.mjs';
import { metricValue } from './replica.mjs';
import { cpuByRole } from './roles.mjs';
import { every } from './time.mjs';

/** The event loop of a process just started compiles and warms up: its first windows are not judged. */
export const WARMUP_MS = 30_000;

export function startSamplers({ replicas, redis, clock, signal, maxRuns }) {
  const samples = { rss: [], eventLoop: [], imageDir: [], redis: [], machine: [], roles: [], heap: [] };
  const roles = cpuByRole();
  const loops = [
    every(2_000, signal, maxRuns * 3, () => {
      for (const replica of replicas) {
        const rss = replica.rssMb();
        if (rss !== null)
          samples.rss.push({
            tMs: clock.now(),
            replica: replica.name,
            start: replica.starts,
            sinceStartMs: Date.now() - replica.startedAt,
            mb: rss.own,
            totalMb: rss.total,
            serverPssMb: rss.serverPss,
          });
      }
    }),
    every(5_000, signal, maxRuns, async () => {
      samples.machine.push({ tMs: clock.now(), ...machineCpu() });
      samples.roles.push({ tMs: clock.now(), cores: roles() });
      for (const replica of replicas) {
        samples.imageDir.push({ tMs: clock.now(), replica: replica.name, bytes: dirBytes(replica.imageDir) });
        if (!replica.live) continue;
        const metrics = await replica.metrics(signal);
        const p99 = metricValue(metrics, 'nodejs_eventloop_lag_p99_seconds');
        // With running totals since the process started, so that a slow window can be told apart: the
        // server's own CPU (all its threads), the pages it rendered, and the time its main thread waited
        // for a core that others held; and the part of the delay its own work caused (server/event-loop.ts).
        const totals = {
          cpuS: metricValue(metrics, 'process_cpu_seconds_total'),
          renders: metricValue(metrics, 'site_page_cache_misses_total'),
          cpuWaitS: metricValue(metrics, 'site_main_thread_cpu_wait_seconds_total'),
        };
        const ownP99 = metricValue(metrics, 'site_eventloop_own_delay_p99_seconds');
        if (p99 !== null && Date.now() - replica.startedAt > WARMUP_MS)
          samples.eventLoop.push({ tMs: clock.now(), replica: replica.name, ms: p99 * 1000, ...(ownP99 !== null && { ownMs: ownP99 * 1000 }), ...totals });
        if (metrics) samples.heap.push({ tMs: clock.now(), replica: replica.name, ...memoryParts(metrics) });
      }
      if (redis.frozen) return;
      try {
        const info = await redis.client.info();
        const field = (name) => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(info)?.[1] ?? NaN);
        samples.redis.push({ tMs: clock.now(), usedMb: field('used_memory') / 1048576, evicted: field('evicted_keys') });
      } catch {
        // Redis restarting or frozen: no sample.
      }
    }),
  ];
  return { samples, done: Promise.allSettled(loops) };
}

/**
 * What the server's memory holds, from its metrics, in MB: its main thread's V8 heap, memory outside it
 * (Buffers: the stored pages among them), the two caches as the server counts them, and whether the
 * sanitiser thread (jsdom, a heap of its own) is alive.
 */
function memoryParts(metrics) {
  const mb = (name) => (metricValue(metrics, name) ?? NaN) / 1048576;
  return {
    heapMb: mb('nodejs_heap_size_total_bytes'),
    externalMb: mb('nodejs_external_memory_bytes'),
    pageCacheMb: mb('site_page_cache_bytes'),
    dataCacheMb: mb('site_data_cache_bytes'),
    sanitizer: metricValue(metrics, 'site_sanitizer_thread_running') === 1,
  };
}

/**
 * The machine's CPU time so far, in clock ticks, from /proc/stat: `nice` is what processes at a lower
 * priority took (the image encoders), `busy` everything else but idle and I/O wait. Empty without /proc.
 */
function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { busy: user + system + irq + softirq + steal, nice, idle: idle + iowait };
  } catch {
    return {};
  }
}
