/**
 * `npm run lighthouse`: Lighthouse 12 on its default mobile preset (emulated mid-range phone, simulated
 * slow 4G) against the production build, in Debian's Chromium (CHROMIUM_PATH to override): first on the
 * embedded content, then on a backend whose every image is a 4000x3000 camera JPEG (served through the
 * image endpoint; each page is loaded once before it is measured, so its variants exist, as for any
 * visitor but the very first). Prints a Markdown table of the four category scores and the Core Web
 * Vitals for the pages the README reports, and writes the full JSON reports to .lighthouse/ (not committed).
 * A report, not a gate: scores move with the machine. LIGHTHOUSE_RUNS (default 1) runs each page that
 * many times and keeps the median performance run.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withBundled } from './lib/bundled.mjs';
import { CHROMIUM_FLAGS, chromiumPath, root, startBuiltSite } from './lib/site-process.mjs';

const PAGES = ['/', '/ru/about', '/en/news/1'];
/** With camera photos from the backend: the pages that show the most of them, and a news photo as LCP. */
const PHOTO_PAGES = ['/', '/newsAll', '/en/news/1'];
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

/** The median performance run of each page; `label` names the reports. `warm` loads each page once first. */
async function measure(site, paths, label, { warm = false } = {}) {
  const rows = [];
  for (const path of paths) {
    await fetch(site.url + path); // warm the data and page caches, as a visitor after the first would find them
    if (warm) await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error' });
    const results = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(site.url + path, { port: chrome.port, output: 'json', logLevel: 'error' });
      results.push(result.lhr);
    }
    results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const lhr = results[Math.floor(results.length / 2)];
    writeFileSync(join(outDir, `${label}${path.replace(/\W+/g, '_') || '_home'}.json`), JSON.stringify(lhr));
    rows.push({ path: label === 'embedded' ? path : `${path} (photos)`, lhr });
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
    try {
      rows.push(...(await measure(photoSite, PHOTO_PAGES, 'photos', { warm: true })));
    } finally {
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
