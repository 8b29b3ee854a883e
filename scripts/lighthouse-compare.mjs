/**
 * `npm run lighthouse:compare -- <checkout>`: this build against another checkout of the site (a git
 * worktree of an older commit, with its node_modules), on the same Lighthouse mobile preset as
 * `npm run lighthouse`, both servers up at once and the runs alternating between them, so that whatever
 * else the machine does falls on both alike. Tables made hours apart differ by more than most changes:
 * Lighthouse's simulated throttling multiplies the host's own main-thread time, and on a shared VM TBT
 * moved from 18 to 811 ms between runs of one build. Prints the median and range per page and build.
 *   LIGHTHOUSE_PAGES (default "/,/en/news/1"), LIGHTHOUSE_RUNS (5 per page and build), LIGHTHOUSE_PHOTOS=1
 *   (both on a backend whose every image is a 4000x3000 photo, as the second half of `npm run lighthouse`),
 *   LIGHTHOUSE_THROTTLING=applied (the preset's throttling imposed on the real load, `throttlingMethod:
 *   'devtools'`, instead of simulated from an unthrottled one).
 * Example: git worktree add /tmp/base HEAD~3 && ln -s "$PWD/node_modules" /tmp/base/ && npm run lighthouse:compare -- /tmp/base
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withBundled } from './lib/bundled.mjs';
import { median } from './lib/median.mjs';
import { CHROMIUM_FLAGS, chromiumPath, root, startBuiltSite } from './lib/site-process.mjs';

const baseline = process.argv[2] && resolve(process.argv[2]);
if (!baseline || !existsSync(join(baseline, 'build.mjs')) || !existsSync(join(baseline, 'node_modules'))) {
  console.error('usage: npm run lighthouse:compare -- <another checkout of the site, with node_modules>');
  process.exit(1);
}
const pages = (process.env.LIGHTHOUSE_PAGES ?? '/,/en/news/1').split(',');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const photos = process.env.LIGHTHOUSE_PHOTOS === '1';
const applied = process.env.LIGHTHOUSE_THROTTLING === 'applied';

const FIGURES = {
  performance: (lhr) => Math.round(lhr.categories.performance.score * 100),
  'TBT ms': (lhr) => Math.round(lhr.audits['total-blocking-time'].numericValue),
  'FCP ms': (lhr) => Math.round(lhr.audits['first-contentful-paint'].numericValue),
  'LCP ms': (lhr) => Math.round(lhr.audits['largest-contentful-paint'].numericValue),
  CLS: (lhr) => Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
  'JS KB': (lhr) => Math.round((lhr.audits['resource-summary'].details.items.find((item) => item.resourceType === 'script')?.transferSize ?? 0) / 1024),
};

async function compare(env) {
  const imageDirs = [];
  const sites = [];
  for (const [name, at] of [
    ['this build', root],
    ['baseline', baseline],
  ]) {
    const imageDir = mkdtempSync(join(tmpdir(), 'ztu-lighthouse-images-'));
    imageDirs.push(imageDir);
    sites.push({ name, ...(await startBuiltSite({ at, env: { ...env, IMAGE_CACHE_DIR: imageDir } })) });
  }
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: CHROMIUM_FLAGS,
  });
  const figures = new Map();
  try {
    const run = (url) => lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', ...(applied ? { throttlingMethod: 'devtools' } : {}) });
    // Caches warm and image variants made, as for any visitor but the very first.
    for (const path of pages) for (const site of sites) await run(site.url + path);
    for (let i = 0; i < runs; i++) {
      for (const path of pages) {
        for (const site of sites) {
          const { lhr } = await run(site.url + path);
          const key = `${path} | ${site.name}`;
          if (!figures.has(key)) figures.set(key, []);
          figures.get(key).push(lhr);
          process.stderr.write('.');
        }
      }
    }
  } finally {
    await chrome.kill();
    for (const site of sites) site.child.kill('SIGTERM');
    for (const dir of imageDirs) rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

const figures = photos
  ? await withBundled('photo-backend', async ({ startPhotoBackend }) => {
      const backend = await startPhotoBackend();
      try {
        return await compare({ BACKEND_URL: backend.url, SITE_URL: 'http://localhost' });
      } finally {
        await backend.close();
      }
    })
  : await compare({});

console.log(
  `\nLighthouse mobile preset, throttling ${applied ? 'applied' : 'simulated'}, ${runs} runs each, alternating${photos ? ', 4000x3000 photos from the backend' : ', embedded content'}; baseline ${baseline}`,
);
console.log(`| page | build | ${Object.keys(FIGURES).join(' | ')} |`);
console.log(
  `|---|---|${Object.keys(FIGURES)
    .map(() => '---:')
    .join('|')}|`,
);
for (const [key, lhrs] of figures) {
  const cells = Object.values(FIGURES).map((figure) => {
    const values = lhrs.map(figure);
    return `${median(values)} (${Math.min(...values)}-${Math.max(...values)})`;
  });
  console.log(`| ${key} | ${cells.join(' | ')} |`);
}
