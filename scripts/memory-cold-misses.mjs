/**
 * `npm run bench:memory`: the built site's resident memory while 16 visitors at a time ask for pages
 * nobody asked for before (every request a cold miss: a backend call, sanitising, a render; the pages
 * stream, as their data takes longer than the head start, so none is stored), for MEMORY_SECONDS (60 by
 * default). A fake backend on loopback serves news items of realistic size (scripts/lib/news-backend.mjs). Prints the
 * peak and final RSS, sampled from /proc every 250 ms, and the site's CPU time per cold page (all its
 * threads: rendering, sanitising, compressing); asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { cpuMillis, startNewsBackend } from './lib/news-backend.mjs';
import { startBuiltSite } from './lib/site-process.mjs';

const SECONDS = Number(process.env.MEMORY_SECONDS ?? 60);
const CONCURRENCY = 16;
const LANGS = ['', '/uz-cyrl', '/ru', '/en'];

const backend = await startNewsBackend();

const site = await startBuiltSite({ env: { BACKEND_URL: backend.url, SITE_URL: 'https://ztu.example.uz' } });
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${site.child.pid}/status`, 'utf8'))[1]) / 1024;
const startRss = rssMb();
const startCpu = cpuMillis(site.child.pid);
let peak = startRss;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 250);

let next = 1000;
let done = 0;
let failed = 0;
const until = Date.now() + SECONDS * 1000;
async function visitor() {
  while (Date.now() < until) {
    const id = next++;
    const res = await fetch(`${site.url}${LANGS[id % LANGS.length]}/news/${id}`, {
      headers: { 'accept-encoding': 'gzip, br', 'user-agent': 'Mozilla/5.0 Chrome/140.0' },
    });
    await res.arrayBuffer();
    if (res.ok) done++;
    else failed++;
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, visitor));
clearInterval(sampler);
const endRss = rssMb();
const cpuMs = (cpuMillis(site.child.pid) - startCpu) / Math.max(1, done + failed);
console.log(
  `${done} cold pages in ${SECONDS} s by ${CONCURRENCY} visitors (${failed} failed), ${cpuMs.toFixed(1)} ms of the site's CPU each; RSS start ${startRss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, end ${endRss.toFixed(0)} MB`,
);
const health = await (await fetch(`${site.metricsUrl}/healthz`)).json();
console.log(`page cache: ${health.pageCache.stores} pages stored, ${health.pageCache.evictions} evicted; sanitiser: ${health.sanitizer.done} documents`);
site.child.kill('SIGTERM');
backend.close();
