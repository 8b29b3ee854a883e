/**
 * The field Web Vitals endpoint (POST /_vitals, server/field-vitals/) as a sysadmin sees it: beacons in
 * the histograms of the metrics listener, labelled only by bounded fields; bad, oversized, robots',
 * other sites' and flooding beacons refused and counted; nothing of a beacon in the log.
 */
import { pino } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FIELD_VITALS_PATH } from '../../shared/field-vitals';
import { FLOOD_LIMITS } from '../../server/field-vitals/flood';
import { testApp, withMetricsListener } from '../helpers/app';
import { metricSum } from '../helpers/metrics-text';

type App = ReturnType<typeof testApp>;

const PERSON = 'Mozilla/5.0 (Linux; Android 14; SM-A155F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';

const good = { path: '/ru/news/5', navigation: 'navigate', device: 'mobile', metrics: { LCP: 2300, INP: 180, CLS: 0.04, FCP: 1200, TTFB: 450 } };

function send(app: App, body: unknown, headers: Record<string, string> = {}) {
  return request(app)
    .post(FIELD_VITALS_PATH)
    .set({ 'content-type': 'text/plain;charset=UTF-8', 'user-agent': PERSON, ...headers })
    .send(typeof body === 'string' ? body : JSON.stringify(body));
}

function scrape(app: App): Promise<string> {
  return withMetricsListener(app, async (origin) => (await fetch(`${origin}/metrics`)).text());
}

const refused = (text: string, reason: string) => metricSum(text, 'site_field_vitals_refused_total', { reason });

describe('field Web Vitals beacons', () => {
  it('go into histograms by route pattern, rendition, navigation and device, in seconds, never by the path', async () => {
    const app = testApp(null);
    await send(app, good).expect(204).expect('cache-control', 'no-store');
    await send(app, { ...good, path: '/uz-cyrl/News/77/', navigation: 'prerender', device: 'desktop', metrics: { LCP: 900 } }).expect(204);
    await send(app, { ...good, path: '/no/such/page', metrics: { CLS: 0.3 } }).expect(204);
    const text = await scrape(app);
    const news = { page: '/news/:id', lang: 'ru', navigation: 'navigate', device: 'mobile' };
    expect(metricSum(text, 'site_field_lcp_seconds_sum', news)).toBeCloseTo(2.3);
    expect(metricSum(text, 'site_field_inp_seconds_sum', news)).toBeCloseTo(0.18);
    expect(metricSum(text, 'site_field_cls_sum', news)).toBeCloseTo(0.04);
    expect(metricSum(text, 'site_field_fcp_seconds_sum', news)).toBeCloseTo(1.2);
    expect(metricSum(text, 'site_field_ttfb_seconds_sum', news)).toBeCloseTo(0.45);
    // "Good" is a bucket bound: 2.3 s is within it, and so within every bucket above.
    expect(metricSum(text, 'site_field_lcp_seconds_bucket', { ...news, le: '2' })).toBe(0);
    expect(metricSum(text, 'site_field_lcp_seconds_bucket', { ...news, le: '2.5' })).toBe(1);
    expect(metricSum(text, 'site_field_inp_seconds_bucket', { ...news, le: '0.2' })).toBe(1);
    expect(metricSum(text, 'site_field_cls_bucket', { ...news, le: '0.1' })).toBe(1);
    expect(metricSum(text, 'site_field_lcp_seconds_count', { page: '/news/:id', lang: 'uz-cyrl', navigation: 'prerender', device: 'desktop' })).toBe(1);
    expect(metricSum(text, 'site_field_inp_seconds_count', { lang: 'uz-cyrl' })).toBe(0);
    expect(metricSum(text, 'site_field_cls_count', { page: 'other', lang: 'uz' })).toBe(1);
    expect(metricSum(text, 'site_field_vitals_beacons_total')).toBe(3);
    expect(text).not.toMatch(/\/news\/5|News\/77|no\/such/);
    expect(metricSum(text, 'site_http_requests_total', { route: 'field-vitals', status: '204' })).toBe(3);
  });

  it('are refused with a 400 and counted when they are not what the browser sends, and nothing of them is kept', async () => {
    const app = testApp(null);
    const bad: [string, string | object, Record<string, string>?][] = [
      ['not JSON', 'LCP=2300'],
      ['a field more', { ...good, id: 'visitor-42' }],
      ['a metric no browser measures', { ...good, metrics: { FID: 12 } }],
      ['an infinite value', '{"path":"/","navigation":"navigate","device":"mobile","metrics":{"LCP":1e999}}'],
      ['a negative value', { ...good, metrics: { INP: -5 } }],
      ['an unknown navigation', { ...good, navigation: 'soft-navigation' }],
      ['a full URL', { ...good, path: 'https://evil.example/ru/news/5' }],
      ['a form', 'path=/', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['a compressed body', JSON.stringify(good), { 'content-encoding': 'gzip' }],
      ['no body', ''],
    ];
    for (const [what, body, headers] of bad) {
      const res = await send(app, body, headers).expect(400);
      expect(res.text, what).not.toBe('');
    }
    const text = await scrape(app);
    expect(refused(text, 'invalid')).toBe(bad.length);
    expect(metricSum(text, 'site_field_vitals_beacons_total')).toBe(0);
    expect(metricSum(text, 'site_field_lcp_seconds_count')).toBe(0);
  });

  it('larger than 1.5 KB are refused with a 413 and counted, unread', async () => {
    const app = testApp(null);
    await send(app, { ...good, path: `/${'a'.repeat(1600)}` }).expect(413);
    await send(app, good).expect(204);
    const text = await scrape(app);
    expect(refused(text, 'too-large')).toBe(1);
    expect(metricSum(text, 'site_field_vitals_beacons_total')).toBe(1);
  });

  it("from robots are dropped, and from another site's pages refused", async () => {
    const app = testApp(null);
    const headless = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0 Safari/537.36';
    await send(app, good, { 'user-agent': headless }).expect(204);
    await send(app, good, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }).expect(204);
    await send(app, good, { 'sec-fetch-site': 'cross-site' }).expect(403);
    await send(app, good, { 'sec-fetch-site': 'same-site' }).expect(403);
    await send(app, good, { 'sec-fetch-site': 'same-origin' }).expect(204);
    const text = await scrape(app);
    expect(refused(text, 'bot')).toBe(2);
    expect(refused(text, 'cross-site')).toBe(2);
    expect(metricSum(text, 'site_field_vitals_beacons_total')).toBe(1);
  });

  it('are bounded per client and in total, a refused one costing no body read', async () => {
    let now = 1_000_000;
    const app = testApp(null, {}, { now: () => now });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    const { burst } = FLOOD_LIMITS.client;
    for (let i = 0; i < burst; i++) await send(app, good, from('203.0.113.7')).expect(204);
    await send(app, good, from('203.0.113.7')).expect(429);
    // Another visitor is not held back by the first.
    await send(app, good, from('203.0.113.8')).expect(204);
    // Refused before its body is read: a body that is no beacon at all gets the same 429.
    await send(app, 'not json', from('203.0.113.7')).expect(429);
    // A second later the first may send again, and the total has filled up again.
    now += 1000;
    await send(app, good, from('203.0.113.7')).expect(204);
    await send(app, good, from('203.0.113.7')).expect(429);
    // Many addresses together meet the total, whatever each one's own bucket holds.
    let admitted = 1;
    for (let address = 0; ; address++) {
      const res = await send(app, good, from(`198.51.100.${address % 250}`));
      if (res.status !== 204) {
        expect(res.status).toBe(429);
        break;
      }
      admitted++;
    }
    expect(admitted).toBe(FLOOD_LIMITS.total.burst);
    const text = await scrape(app);
    expect(metricSum(text, 'site_field_vitals_beacons_total')).toBe(burst + 1 + FLOOD_LIMITS.total.burst);
    expect(refused(text, 'rate-limited')).toBe(4);
    expect(refused(text, 'invalid')).toBe(0);
  });

  it('leave nothing of the visitor in the log: no address, user agent, cookie, path or value', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const app = testApp(null, {}, { logger });
    await send(
      app,
      { ...good, path: '/en/news/31337' },
      { 'x-forwarded-for': '203.0.113.99', cookie: 'a11y=size:200', 'sec-fetch-site': 'same-origin' },
    ).expect(204);
    await send(app, 'not json', { 'x-forwarded-for': '203.0.113.99' }).expect(400);
    const log = lines.join('\n');
    expect(log).toContain('"route":"field-vitals"');
    for (const personal of ['203.0.113.99', 'SM-A155F', 'a11y', '31337', '2300', 'not json']) expect(log, personal).not.toContain(personal);
  });

  it('are not asked for with RUM_SAMPLE=0: pages say no share, and the endpoint does not exist', async () => {
    const off = testApp(null, { RUM_SAMPLE: '0' });
    expect((await request(off).get('/ru/about').expect(200)).text).not.toContain('data-rum-sample');
    await send(off, good).expect(404);
    const on = testApp(null);
    expect((await request(on).get('/ru/about').expect(200)).text).toMatch(/<script type="module" src="[^"]+" data-rum-sample="0.1">/);
    await request(on).get(FIELD_VITALS_PATH).expect(405).expect('allow', 'POST');
  });
});
