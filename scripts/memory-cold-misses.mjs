/**
 * `npm run bench:memory`: the built site's resident memory while 16 visitors at a time ask for pages
 * nobody asked for before (every request a cold miss: a backend call, sanitising, a render, and the
 * page cache compressing what it stores), for MEMORY_SECONDS (60 by default). A fake backend on
 * loopback serves news items of realistic size (10-30 KB of rich text in three languages). Prints the
 * peak and final RSS, sampled from /proc every 250 ms, and the site's CPU time per cold page (all its
 * threads: rendering, sanitising, compressing for the page cache); asserts nothing.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { startBuiltSite } from './lib/site-process.mjs';

const SECONDS = Number(process.env.MEMORY_SECONDS ?? 60);
const CONCURRENCY = 16;
const LANGS = ['', '/ru', '/en'];

const paragraph = (id, lang, n) =>
  `<h3>${lang} bo'lim ${n}</h3><p>${`Yangilik ${id} matni, <b>muhim</b> qism va <a href="/news/${id}">havola</a>. `.repeat(12)}</p><ul>${'<li>band</li>'.repeat(6)}</ul>`;
const item = (id) => ({
  id,
  image: `/media/news/${id}.jpg`,
  created_at: '2026-09-01T10:00:00+05:00',
  views: id,
  ...Object.fromEntries(
    ['uz', 'ru', 'en'].flatMap((lang) => [
      [`title_${lang}`, `Yangilik ${id} ${lang}`],
      [`desc_${lang}`, Array.from({ length: 8 }, (_, n) => paragraph(id, lang, n)).join('')],
    ]),
  ),
});

const backend = createServer((req, res) => {
  const detail = /^\/news\/yangiliklar\/(\d+)\/$/.exec(req.url ?? '');
  res.writeHead(200, { 'content-type': 'application/json' });
  if (detail) res.end(JSON.stringify(item(Number(detail[1]))));
  else if (req.url?.startsWith('/news/yangiliklar/')) res.end(JSON.stringify({ count: 5, next: null, results: [1, 2, 3, 4, 5].map(item) }));
  else res.end('[]');
});
await new Promise((resolve) => backend.listen(0, '127.0.0.1', resolve));
const backendUrl = `http://127.0.0.1:${backend.address().port}`;

const site = await startBuiltSite({ env: { BACKEND_URL: backendUrl, SITE_URL: 'https://ztu.example.uz' } });
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${site.child.pid}/status`, 'utf8'))[1]) / 1024;
/** User + system CPU seconds of the site's process, all threads (clock ticks of 1/100 s). */
const cpuSeconds = () => {
  const fields = readFileSync(`/proc/${site.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const startRss = rssMb();
const startCpu = cpuSeconds();
let peak = startRss;
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 250);

let next = 1000;
let done = 0;
let failed = 0;
const until = Date.now() + SECONDS * 1000;
async function visitor() {
  while (Date.now() < until) {
    const id = next++;
    const res = await fetch(`${site.url}${LANGS[id % 3]}/news/${id}`, { headers: { 'accept-encoding': 'gzip, br', 'user-agent': 'Mozilla/5.0 Chrome/140.0' } });
    await res.arrayBuffer();
    if (res.ok) done++;
    else failed++;
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, visitor));
clearInterval(sampler);
const endRss = rssMb();
const cpuMs = ((cpuSeconds() - startCpu) * 1000) / Math.max(1, done + failed);
console.log(
  `${done} cold pages in ${SECONDS} s by ${CONCURRENCY} visitors (${failed} failed), ${cpuMs.toFixed(1)} ms of the site's CPU each; RSS start ${startRss.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, end ${endRss.toFixed(0)} MB`,
);
const health = await (await fetch(`${site.url}/healthz`)).json();
console.log(`page cache: ${health.pageCache.stores} pages stored, ${health.pageCache.evictions} evicted; sanitiser: ${health.sanitizer.done} documents`);
site.child.kill('SIGTERM');
backend.close();
