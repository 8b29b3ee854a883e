/**
 * `npm run lighthouse`: Lighthouse 12 on its default mobile preset (emulated mid-range phone, slow 4G,
 * 4x slower CPU) against the production build, in Debian's Chromium (CHROMIUM_PATH to override): first on
 * the embedded content, then on a backend whose every image is a 4000x3000 camera JPEG (served through the
 * image endpoint; each page is loaded once before it is measured, so its variants exist, as for any
 * visitor but the very first), and the same photo pages once more without their hydration bundle
 * (lib/without-scripts.mjs: the floor, what the page itself costs). Each page is measured two ways:
 * simulated (Lighthouse's default, Lantern: a model fed by one fast, unthrottled load) and applied (the
 * same throttling imposed on a real load). Prints a Markdown table of the four category scores and the
 * Core Web Vitals, and writes the simulated runs' JSON reports to .lighthouse/ (not committed). A report,
 * not a gate: scores move with the machine. LIGHTHOUSE_RUNS (default 1) runs each page that many times
 * each way and keeps the median performance run (simulated) and the median of each figure (applied).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withBundled } from './lib/bundled.mjs';
import { median } from './lib/median.mjs';
import { CHROMIUM_FLAGS, chromiumPath, root, startBuiltSite } from './lib/site-process.mjs';
import { startWithoutScripts } from './lib/without-scripts.mjs';

const PAGES = ['/', '/ru/about', '/en/news/1'];
/** With camera photos from the backend: the pages that show the most of them, and a news photo as LCP. */
const PHOTO_PAGES = ['/', '/newsAll', '/en/news/1'];
/** How each measurement's rows are named in the table. */
const LABELS = { embedded: '', photos: ' (photos)', 'photos-no-scripts': ' (photos, no scripts)' };
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 1);
const chromePath = chromiumPath();

const score = (lhr, id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: CHROMIUM_FLAGS,
});
const outDir = join(root, '.lighthouse');
mkdirSync(outDir, { recursive: true });

/**
 * Each page's median performance run on the simulated preset, and beside it the median LCP, FCP and TBT
 * of as many runs with the same preset's throttling applied to the real load (`throttlingMethod:
 * 'devtools'`: Chromium itself slows the network and the CPU, and the metrics are what it observed).
 * `label` names the reports; `warm` loads each page once first.
 */
async function measure(site, paths, label, { warm = false } = {}) {
  const rows = [];
  for (const path of paths) {
    await fetch(site.url + path); // warm the data and page caches, as a visitor after the first would find them
    if (warm) await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error' });
    const results = [];
    const applied = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error' });
      results.push(result.lhr);
      const real = await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error', throttlingMethod: 'devtools' });
      applied.push(real.lhr);
    }
    results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = results[Math.floor(results.length / 2)];
    writeFileSync(join(outDir, `${label}${path.replace(/\W+/g, '_') || '_home'}.json`), JSON.stringify(lhr));
    const appliedMedian = (id) => median(applied.map((run) => metric(run, id)));
    rows.push({
      path: path + LABELS[label],
      lhr,
      applied: { lcp: appliedMedian('largest-contentful-paint'), fcp: appliedMedian('first-contentful-paint'), tbt: appliedMedian('total-blocking-time') },
    });
  }
  return rows;
}

const rows = [];
try {
  const site = await startBuiltSite();
  try {
    rows.push(...(await measure(site, PAGES, 'embedded')));
  } finally {
    site.child.kill('SIGTERM');
  }
  await withBundled('photo-backend', async ({ startPhotoBackend }) => {
    const backend = await startPhotoBackend();
    const imageDir = mkdtempSync(join(tmpdir(), 'ztu-lighthouse-images-'));
    const photoSite = await startBuiltSite({ env: { BACKEND_URL: backend.url, SITE_URL: 'http://localhost', IMAGE_CACHE_DIR: imageDir } });
    const withoutScripts = await startWithoutScripts(photoSite.url);
    try {
      rows.push(...(await measure(photoSite, PHOTO_PAGES, 'photos', { warm: true })));
      rows.push(...(await measure(withoutScripts, PHOTO_PAGES, 'photos-no-scripts', { warm: true })));
    } finally {
      await withoutScripts.close();
      photoSite.child.kill('SIGTERM');
      await backend.close();
      rmSync(imageDir, { recursive: true, force: true });
    }
  });
} finally {
  await chrome.kill();
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\nLighthouse ${rows[0].lhr.lighthouseVersion}, mobile preset, ${new Date().toISOString().slice(0, 10)}, ` +
    `${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, ${rows[0].lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0]}\n`,
);
console.log('| page | performance | accessibility | best practices | SEO | LCP | CLS | TBT | FCP | applied: LCP | FCP | TBT |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
for (const { path, lhr, applied } of rows) {
  console.log(
    `| ${path} | ${score(lhr, 'performance')} | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${score(lhr, 'seo')} | ` +
      `${seconds(metric(lhr, 'largest-contentful-paint'))} | ${metric(lhr, 'cumulative-layout-shift').toFixed(3)} | ` +
      `${Math.round(metric(lhr, 'total-blocking-time'))} ms | ${seconds(metric(lhr, 'first-contentful-paint'))} | ` +
      `${seconds(applied.lcp)} | ${seconds(applied.fcp)} | ${Math.round(applied.tbt)} ms |`,
  );
}
for (const { path, lhr } of rows) {
  const failing = Object.values(lhr.audits).filter(
    (a) =>
      a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual' && a.scoreDisplayMode !== 'notApplicable',
  );
  if (failing.length) console.log(`\n${path}: ${failing.map((a) => `${a.id} (${Math.round(a.score * 100)})`).join(', ')}`);
}
