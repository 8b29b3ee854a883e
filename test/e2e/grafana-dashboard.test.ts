/**
 * deploy/grafana/site.json against what it will read: every query of every panel is run against Debian's
 * Prometheus scraping the built site's metrics listener (with Redis, as the replicas run, and
 * deploy/prometheus/'s rules, whose recorded series some panels show) while the site answers pages,
 * images, backend calls, purges and Web Vitals beacons; each must return data. A typo in a metric or
 * label name, or a panel reading a series the site no longer exports, is an empty panel a sysadmin would
 * meet during an incident. Where prometheus is missing this skips, with a message; with
 * REQUIRE_PROMETHEUS=1 (.ci/run) that is an error.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMETHEUS, startPrometheus, type RunningPrometheus } from '../../scripts/lib/soak/prometheus.mjs';
import { FIELD_VITALS_PATH } from '../../shared/field-vitals';
import { REDIS_SERVER, startRedis, type RunningRedis } from '../helpers/redis-server';
import { startServer, type RunningServer } from '../helpers/server-process';

const HAS_PROMETHEUS = existsSync(PROMETHEUS);
if (!HAS_PROMETHEUS && process.env.REQUIRE_PROMETHEUS === '1')
  throw new Error(`REQUIRE_PROMETHEUS=1 but ${PROMETHEUS} is missing (apt-get install -y prometheus)`);
if (!HAS_PROMETHEUS) console.warn('prometheus is not installed: skipping the Grafana dashboard test (apt-get install -y prometheus).');

const root = fileURLToPath(new URL('../..', import.meta.url));
const TOKEN = 'grafana-dashboard-test-purge-token';
const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
/** Grafana's own variable: at least four of the test Prometheus's one-second scrapes. */
const RATE_INTERVAL = '10s';

interface Panel {
  title: string;
  type: string;
  targets?: Array<{ expr: string }>;
  panels?: Panel[];
}

const dashboard = JSON.parse(readFileSync(join(root, 'deploy/grafana/site.json'), 'utf8')) as { panels: Panel[] };
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]).filter((p) => p.type !== 'row');
const queries = panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr.replaceAll('$__rate_interval', RATE_INTERVAL) })));

describe.skipIf(!HAS_PROMETHEUS || !REDIS_SERVER)('the Grafana dashboard (deploy/grafana/site.json)', () => {
  let redis: RunningRedis;
  let site: RunningServer;
  let prometheus: RunningPrometheus;
  const dir = mkdtempSync(join(tmpdir(), 'grafana-dashboard-'));
  let visiting = true;
  let visits: Promise<void>;

  /** A phone's browser reporting a view's Web Vitals, as client/field-vitals.ts does. */
  const beacon = (path: string) =>
    fetch(site.url + FIELD_VITALS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PHONE },
      body: JSON.stringify({ path, navigation: 'navigate', device: 'mobile', metrics: { LCP: 2300, INP: 180, CLS: 0.04, FCP: 1200, TTFB: 450 } }),
    }).then((r) => r.arrayBuffer());

  /** What a visitor, an editor and the site's own work do: pages warm and cold, an image, a purge, Web Vitals. */
  async function visit(): Promise<void> {
    const home = await (await fetch(`${site.url}/en`)).text();
    const image = /\/_img\/[^"'\s)]+/.exec(home)?.[0];
    for (let round = 0; visiting; round++) {
      await fetch(`${site.url}/en/news/${1 + (round % 5)}`).then((r) => r.arrayBuffer());
      // A news id nobody asked for yet: a cold page, and a backend call.
      await fetch(`${site.url}/ru/news/${100 + round}`).then((r) => r.arrayBuffer());
      if (image) await fetch(site.url + image).then((r) => r.arrayBuffer());
      await beacon(`/ru/news/${1 + (round % 5)}`);
      if (round % 5 === 0)
        await fetch(`${site.url}/_cache/purge`, {
          method: 'POST',
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: JSON.stringify({ keys: ['news:1'] }),
        });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    redis = await startRedis();
    // The field Web Vitals endpoint answers only where a share of views is measured (RUM_SAMPLE > 0).
    site = await startServer({ REDIS_URL: redis.url, CACHE_PURGE_TOKEN: TOKEN, RUM_SAMPLE: '0.1' });
    prometheus = await startPrometheus({ dir, targets: [new URL(site.metricsUrl).host] });
    visits = visit();
  });

  afterAll(async () => {
    visiting = false;
    await visits;
    await prometheus?.stop();
    await site?.stop();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has panels for what a sysadmin looks at first', () => {
    const text = JSON.stringify(queries);
    for (const metric of [
      'site_http_requests_total',
      'site_page_cache_hits_total',
      'site_eventloop_own_delay_p99_seconds',
      'process_resident_memory_bytes',
      'site_redis_up',
      'site_purges_total',
      'site_image_fallbacks_total',
      'site_field_lcp_seconds',
      'site_field_inp_seconds',
    ])
      expect(text).toContain(metric);
  });

  it('returns data, a number, for every query of every panel', async () => {
    const empty = new Set(queries.map((q) => q.expr));
    // Each query as soon as its series exist and hold a few scrapes of the traffic above: seconds. The
    // bound is for a query that never returns data, with ample room for a slow machine.
    const until = Date.now() + 150_000;
    while (empty.size > 0 && Date.now() < until) {
      for (const expr of [...empty]) {
        const result = await prometheus.query(expr);
        if (result.some((series) => Number.isFinite(Number(series.value[1])))) empty.delete(expr);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(
      queries.filter((q) => empty.has(q.expr)).map((q) => `${q.panel}: ${q.expr}`),
      'queries that returned no data',
    ).toEqual([]);
  });
});
