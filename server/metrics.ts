/**
 * Prometheus metrics (prom-client), served on their own port (METRICS_PORT) so they never reach the
 * public: requests by route pattern (never the raw URL, which would explode the label space) and
 * status, data and page cache figures, upstream latency and errors by endpoint, and Node's defaults
 * (event-loop delay among them: nodejs_eventloop_lag_p99_seconds and its siblings, measured between
 * two scrapes), and beside it the part of that delay the process's own work caused (server/event-loop.ts).
 */
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DataCache } from './backend/cache';
import { mainThreadDelay, type MainThreadDelay } from './event-loop';
import { droppedLogLines } from './logger';
import type { PageCache } from './page-cache';
import { SANITIZER_IDLE_MS } from './rich-text/pool';
import { sanitizerPool } from './sanitize';
import type { SharedTier } from './shared-cache';

export interface Metrics {
  registry: Registry;
  request(route: string, status: number, seconds: number): void;
  upstream(path: string, seconds: number, outcome: string): void;
}

/** '/news/yangiliklar/12/?page=3' → '/news/yangiliklar/:id/' : one label per endpoint, not per item. */
export function endpointLabel(path: string): string {
  return path.replace(/\?.*$/, '').replace(/\/\d+(?=\/|$)/g, '/:id');
}

/** A counter whose value is read from a stats object at scrape time. */
export function mirrored(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** A gauge whose value is read at scrape time. */
export function gauge(registry: Registry, name: string, help: string, read: () => number): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(read());
    },
  });
}

export function createMetrics(data: DataCache, pages: PageCache, shared: SharedTier | null = null): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'site_http_requests_total',
    help: 'HTTP requests by route pattern and status',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'site_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern and status',
    labelNames: ['route', 'status'],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const upstreamLatency = new Histogram({
    name: 'site_upstream_request_duration_seconds',
    help: 'Backend call duration by endpoint',
    labelNames: ['endpoint'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const upstreamErrors = new Counter({
    name: 'site_upstream_errors_total',
    help: 'Failed backend calls by endpoint',
    labelNames: ['endpoint'],
    registers: [registry],
  });
  mirrored(registry, 'site_data_cache_hits_total', 'Data cache reads answered fresh', () => data.stats.hits);
  mirrored(registry, 'site_data_cache_misses_total', 'Data cache reads that had to wait for the backend', () => data.stats.misses);
  mirrored(registry, 'site_data_cache_stale_serves_total', 'Data cache reads answered with stale data', () => data.stats.staleServes);
  mirrored(registry, 'site_data_cache_refresh_failures_total', 'Background refreshes that failed (old data kept)', () => data.stats.refreshFailures);
  mirrored(registry, 'site_page_cache_hits_total', 'Requests answered from stored pages', () => pages.stats.hits);
  mirrored(
    registry,
    'site_page_cache_revalidations_total',
    'Stored pages whose expired data was fetched again before answering',
    () => pages.stats.revalidations,
  );
  mirrored(registry, 'site_page_cache_misses_total', 'Page requests rendered because no current stored page answered', () => pages.stats.misses);
  mirrored(registry, 'site_page_cache_stores_total', 'Rendered pages stored', () => pages.stats.stores);
  mirrored(registry, 'site_page_cache_evictions_total', 'Stored pages dropped to stay within PAGE_CACHE_MAX_MB', () => pages.stats.evictions);
  mirrored(registry, 'site_upstream_calls_total', 'Calls made to the backend', () => data.stats.upstreamCalls);
  mirrored(registry, 'site_log_lines_dropped_total', 'Log lines dropped because stdout did not take them in time', droppedLogLines);
  if (shared) {
    mirrored(registry, 'site_shared_cache_fills_total', 'Data entries taken from Redis instead of the backend', () => data.stats.sharedFills);
    mirrored(registry, 'site_redis_errors_total', 'Redis calls that failed or timed out (the site went on without them)', () => shared.health.commandErrors);
    mirrored(registry, 'site_redis_outages_total', 'Times Redis became unreachable', () => shared.health.outages);
    gauge(registry, 'site_redis_up', '1 while Redis is reachable (shared cache and purges on), 0 during an outage', () =>
      shared.health.state === 'up' ? 1 : 0,
    );
    const sharedCounters: Array<[name: string, help: string, read: () => number]> = [
      ['site_redis_resyncs_total', 'Times the purge channel came back after it was lost (every entry held was checked again)', () => shared.health.resyncs],
      ['site_redis_unresponsive_total', 'Redis connections dropped because Redis stopped answering on them', () => shared.health.unresponsive],
      [
        'site_redis_rejected_entries_total',
        'Entries, image facts and fill locks read from Redis and refused: not signed with REDIS_SIGNING_KEY for their key, too large, from the future or older than a purge (someone else writes into Redis, or the replicas disagree on the key)',
        () => shared.health.rejectedEntries,
      ],
      [
        'site_redis_rejected_messages_total',
        'Messages on site:events dropped unread: larger than any replica sends, or not signed with REDIS_SIGNING_KEY (someone else publishes there, or the replicas disagree on the key)',
        () => shared.health.rejectedMessages,
      ],
      ['site_purges_total', 'Purges asked of this replica', () => shared.purges.asked],
      ['site_purge_rounds_total', 'Rounds that applied purges here and sent them to Redis (fewer than purges when they merged)', () => shared.purges.batches],
      ['site_purges_received_total', 'Purge messages from other replicas', () => shared.purges.received],
      ['site_purges_resent_total', 'Purges Redis did not take at first, sent again until it did', () => shared.purges.resent],
    ];
    for (const [name, help, read] of sharedCounters) mirrored(registry, name, help, read);
    gauge(
      registry,
      'site_redis_pending_purges',
      'Purge scopes applied here and not yet taken by Redis (other replicas have not heard of them)',
      () => shared.health.pendingPurges,
    );
  }
  mirrored(registry, 'site_data_cache_evictions_total', 'Data entries dropped to stay within CACHE_MAX_KEYS and CACHE_MAX_MB', () => data.stats.evictions);
  gauge(registry, 'site_data_cache_keys', 'Backend responses held', () => data.size);
  gauge(registry, 'site_data_cache_bytes', 'Estimated bytes the data cache holds (bounded by CACHE_MAX_MB)', () => data.bytes);
  gauge(registry, 'site_page_cache_bytes', 'Bytes of stored pages (HTML, gzip and br)', () => pages.bytes);
  gauge(registry, 'site_page_cache_pages', 'Stored pages', () => pages.size);
  gauge(
    registry,
    'site_sanitizer_thread_running',
    `1 while the rich-text sanitiser thread (jsdom, tens of MB) is alive; it ends after ${SANITIZER_IDLE_MS / 1000} s without work`,
    () => (sanitizerPool().threadRunning ? 1 : 0),
  );
  mirrored(
    registry,
    'site_sanitizer_threads_started_total',
    'Sanitiser threads started (after a quiet spell, or after a field that ran out of time)',
    () => sanitizerPool().stats.threadsStarted,
  );
  mirrored(
    registry,
    'site_sanitizer_timeouts_total',
    'Rich-text fields that ran out of time and were shown as plain text',
    () => sanitizerPool().stats.timeouts,
  );

  const loop = mainThreadDelay();
  if (loop) registerOwnDelay(registry, loop);

  return {
    registry,
    request(route, status, seconds) {
      loop?.requestSeen();
      const labels = { route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
    upstream(path, seconds, outcome) {
      const endpoint = endpointLabel(path);
      upstreamLatency.observe({ endpoint }, seconds);
      if (outcome !== 'ok' && outcome !== 'not-found') upstreamErrors.inc({ endpoint });
    },
  };
}

/**
 * The event loop's delay from the process's own work, p99 and max since the previous scrape (like
 * prom-client's nodejs_eventloop_lag_*), and the main thread's running total of waiting for a core.
 */
function registerOwnDelay(registry: Registry, loop: MainThreadDelay): void {
  const max = new Gauge({
    name: 'site_eventloop_own_delay_max_seconds',
    help: "Longest event-loop delay since the previous scrape that the process's own work caused (not waiting for a core)",
    registers: [],
  });
  // Registered first: its collect sets both gauges and starts the next window.
  new Gauge({
    name: 'site_eventloop_own_delay_p99_seconds',
    help: "Event-loop delay p99 since the previous scrape that the process's own work caused (not waiting for a core)",
    registers: [registry],
    collect() {
      this.set(loop.own.percentile(99) / 1e6);
      max.set(loop.own.max / 1e6);
      loop.own.reset();
    },
  });
  registry.registerMetric(max);
  mirrored(
    registry,
    'site_main_thread_cpu_wait_seconds_total',
    'Time the main thread was ready to run but waited for a core that other threads or processes held',
    () => loop.cpuWaitMs() / 1000,
  );
}

/**
 * The metrics listener: GET /metrics in Prometheus text format, GET /healthz with the detailed health
 * (server/health.ts), 404 for anything else.
 */
export function metricsServer(metrics: Metrics, healthDetails: () => Record<string, unknown>): Server {
  return createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' }).end(JSON.stringify(healthDetails()));
      return;
    }
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
}
