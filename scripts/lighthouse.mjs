/**
 * `npm run lighthouse`: Lighthouse 12 on its default mobile preset (emulated mid-range phone, simulated
 * slow 4G) against the production build on the embedded content, in Debian's Chromium (CHROMIUM_PATH to
 * override). Prints a Markdown table of the four category scores and the Core Web Vitals for the pages
 * the README reports, and writes the full JSON reports to .lighthouse/ (not committed).
 * A report, not a gate: scores move with the machine. LIGHTHOUSE_RUNS (default 1) runs each page that
 * many times and keeps the median performance run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumPath, root, startBuiltSite } from './lib/site-process.mjs';

const PAGES = ['/', '/ru/about', '/en/news/1'];
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const chromePath = chromiumPath();

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

const site = await startBuiltSite();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const outDir = join(root, '.lighthouse');
mkdirSync(outDir, { recursive: true });
const rows = [];
try {
  for (const path of PAGES) {
    await fetch(site.url + path); // warm the data and page caches, as a visitor after the first would find them
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error' });
      results.push(result.lhr);
    }
    results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = results[Math.floor(results.length / 2)];
    writeFileSync(join(outDir, `${path.replace(/\W+/g, '_') || 'home'}.json`), JSON.stringify(lhr));
    rows.push({ path, lhr });
  }
} finally {
  await chrome.kill();
  site.child.kill('SIGTERM');
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\nLighthouse ${rows[0].lhr.lighthouseVersion}, mobile preset, ${new Date().toISOString().slice(0, 10)}, ` +
    `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${rows[0].lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}\n`,
);
console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | FCP |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const { path, lhr } of rows) {
  console.log(
    `| ${path} | ${score(lhr, 'performance')} | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${score(lhr, 'seo')} | ` +
      `${(metric(lhr, 'largest-contentful-paint') / 1000).toFixed(1)} s | ${metric(lhr, 'cumulative-layout-shift').toFixed(3)} | ` +
      `${Math.round(metric(lhr, 'total-blocking-time'))} ms | ${(metric(lhr, 'first-contentful-paint') / 1000).toFixed(1)} s |`,
  );
}
for (const { path, lhr } of rows) {
  const failing = Object.values(lhr.audits).filter(
    (a) =>
      a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable',
  );
  if (failing.length) console.log(`\n${path}: ${failing.map((a) => `${a.id} (${Math.round(a.score * 100)})`).join(', ')}`);
}
