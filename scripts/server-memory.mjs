/**
 * `npm run bench:server-memory`: what one built server process holds (Pss, from /proc) after a mixed load on
 * embedded content (8 clients, 6,000 requests: the sitemap's pages, and a crawler's news ids, list pages
 * and searches), and again once its rich-text sanitiser's worker has ended (it ends after 30 s without
 * work). Run with `ARENAS=<n>` to start the server with MALLOC_ARENA_MAX=<n> instead of the Dockerfile's
 * value, `ARENAS=default` for glibc's own. Prints the page and data caches and the V8 heap beside it, the
 * old space's committed and used bytes (what V8 holds beyond its live objects between full collections),
 * and the main thread's pauses for full collections (`--trace-gc`): `SITE_NODE_ARGS=<V8 flags>` to measure
 * a heap setting. Asserts nothing. Linux only.
 */
import { readFileSync } from 'node:fs';
import { startBuiltSite } from './lib/site-process.mjs';
import { percentile } from './lib/soak/stats.mjs';

const REQUESTS = 6000;
const CLIENTS = 8;
const WORKER_IDLE_S = 36;
const LANGS = ['', '/uz-cyrl', '/ru', '/en'];

const arenas = process.env.ARENAS;
// undefined: the variable is left out of the server's environment (spawn skips it), glibc's default.
const env = arenas === undefined ? {} : { MALLOC_ARENA_MAX: arenas === 'default' ? undefined : arenas };
const site = await startBuiltSite({ stdio: ['ignore', 'pipe', 'ignore'], env, nodeArgs: ['--trace-gc'] });
/** Main-thread pause of each full collection, from lines such as `Mark-Compact 60.1 (70.2) -> 45.3 (62.1) MB, pooled: 0 MB, 12.34 / 0.00 ms`. */
const fullPausesMs = [];
site.child.stdout.setEncoding('utf8');
let partial = '';
site.child.stdout.on('data', (chunk) => {
  const lines = (partial + chunk).split('\n');
  partial = lines.pop();
  for (const line of lines) {
    const pause = /Mark-Compact .*? MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/.exec(line);
    if (pause) fullPausesMs.push(Number(pause[1]));
  }
});
const pssMb = () => Number(/Pss:\s+(\d+)/.exec(readFileSync(`/proc/${site.child.pid}/smaps_rollup`, 'utf8'))?.[1]) / 1024;

const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]);
const crawled = (n) => {
  const lang = LANGS[n % LANGS.length];
  if (n % 3 === 0) return `${lang}/news/${n}`;
  if (n % 3 === 1) return `${lang}/newsAll?page=${n % 300}`;
  return `${lang}/search?q=grant${n}`;
};
let next = 0;
async function client() {
  while (next < REQUESTS) {
    const n = next++;
    const response = await fetch(site.url + (n % 2 ? pages[n % pages.length] : crawled(n)), { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
  }
}
await Promise.all(Array.from({ length: CLIENTS }, client));

const metrics = await (await fetch(`${site.metricsUrl}/metrics`)).text();
const mb = (name) => (Number(new RegExp(`^${name} (\\S+)`, 'm').exec(metrics)?.[1]) / 1048576).toFixed(1);
const loaded = pssMb();
const space = (kind) => (Number(new RegExp(`^nodejs_heap_space_size_${kind}_bytes\\{space="old"\\} (\\S+)`, 'm').exec(metrics)?.[1]) / 1048576).toFixed(1);
const pauseMs = (p) => (fullPausesMs.length ? percentile(fullPausesMs, p).toFixed(1) : '—');
await new Promise((resolve) => setTimeout(resolve, WORKER_IDLE_S * 1000));
console.log(`MALLOC_ARENA_MAX: ${arenas === undefined ? 'as the Dockerfile sets it' : arenas === 'default' ? "glibc's default" : arenas}`);
console.log(
  `after ${REQUESTS} requests: Pss ${loaded.toFixed(0)} MB (page cache ${mb('site_page_cache_bytes')} MB, data cache ${mb('site_data_cache_bytes')} MB, V8 heap ${mb('nodejs_heap_size_total_bytes')} MB)`,
);
console.log(`old space: ${space('total')} MB committed, ${space('used')} MB used`);
console.log(`full collections: ${fullPausesMs.length}, main-thread pause median ${pauseMs(50)} ms, p90 ${pauseMs(90)} ms, max ${pauseMs(100)} ms`);
console.log(`${WORKER_IDLE_S} s later, the sanitiser's worker ended: Pss ${pssMb().toFixed(0)} MB`);
site.child.kill();
process.exit(0);
