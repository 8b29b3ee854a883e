/**
 * `npm run bench:refresh`: what data refreshes cost when the backend's data has not changed, which is
 * most of them. The built site on a fake backend (scripts/lib/news-backend.mjs) with `CACHE_TTL_S=1`,
 * so every entry is stale a second after it is stored and refreshes on its next request; 4 visitors ask
 * for the same 20 news items for REFRESH_SECONDS (15 by default). Prints the site's CPU per request (all
 * threads) and, from the detailed /healthz (metrics listener), how many fields were sanitised and pages stored: with refreshes that
 * change nothing, only the first fill's and first renders'. Asserts nothing.
 */
import { cpuMillis, startNewsBackend } from './lib/news-backend.mjs';
import { startBuiltSite } from './lib/site-process.mjs';

const SECONDS = Number(process.env.REFRESH_SECONDS ?? 15);
const VISITORS = 4;
const ITEMS = Array.from({ length: 20 }, (_, i) => 100 + i);

const backend = await startNewsBackend({ images: false });
const site = await startBuiltSite({ env: { BACKEND_URL: backend.url, SITE_URL: 'https://ztu.example.uz', CACHE_TTL_S: '1' } });
const get = async (path) => {
  const res = await fetch(site.url + path, { headers: { 'accept-encoding': 'gzip, br', 'user-agent': 'Mozilla/5.0 Chrome/140.0' } });
  await res.arrayBuffer();
};
for (const id of ITEMS) await get(`/news/${id}`);

const startCpu = cpuMillis(site.child.pid);
let requests = 0;
const until = Date.now() + SECONDS * 1000;
await Promise.all(
  Array.from({ length: VISITORS }, async () => {
    while (Date.now() < until) await get(`/news/${ITEMS[requests++ % ITEMS.length]}`);
  }),
);
const cpuMs = (cpuMillis(site.child.pid) - startCpu) / requests;
const health = await (await fetch(`${site.metricsUrl}/healthz`)).json();
console.log(
  `${requests} requests for ${ITEMS.length} news items in ${SECONDS} s, data refreshed every second and never changed: ${cpuMs.toFixed(2)} ms of the site's CPU each; ` +
    `${health.sanitizer.done} fields sanitised, ${health.pageCache.stores} pages stored, ${health.pageCache.hits} answered from the page cache`,
);
site.child.kill('SIGTERM');
backend.close();
