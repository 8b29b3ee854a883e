/**
 * `npm run screenshots`: PNGs of the main screens at 375 and 1280 px into docs/screenshots/, from the
 * production build on the embedded content, in Debian's Chromium (CHROMIUM_PATH to override). The
 * first screenful of each page (what a visitor sees before scrolling), without the splash.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs', 'screenshots');
const SCREENS = [
  ['home', '/'],
  ['home-ru', '/ru'],
  ['home-en', '/en'],
  ['about', '/about'],
  ['news', '/newsAll'],
  ['news-item', '/news/1'],
  ['faculties', '/department'],
  ['faculty-staff', '/department/1'],
  ['full-time', '/kunduzgi'],
  ['study-fields', '/napravleniya'],
  ['vacancies', '/Vacancies'],
  ['search', '/search?q=talaba'],
  ['not-found', '/nowhere'],
];
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];
const chromePath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find(
  (p) => p && existsSync(p),
);
if (!chromePath) {
  console.error('No Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH.');
  process.exit(1);
}

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

if (!existsSync(join(root, 'dist/server/index.js'))) spawnSync(process.execPath, [join(root, 'build.mjs')], { stdio: 'inherit' });
const cmd = JSON.parse(readFileSync(join(root, 'Dockerfile'), 'utf8').split('\n').reverse().find((l) => l.startsWith('CMD ')).slice(4));
const port = await freePort();
const site = spawn(process.execPath, cmd.slice(1), {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', NODE_ENV: 'production', BACKEND_URL: '' },
  stdio: 'inherit',
});
const url = `http://127.0.0.1:${port}`;
for (let i = 0; i < 200 && !(await fetch(`${url}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  for (const viewport of VIEWPORTS) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
    await context.addInitScript(() => window.sessionStorage?.setItem('splash-seen', '1'));
    for (const [name, path] of SCREENS) {
      const page = await context.newPage();
      await page.goto(url + path);
      await page.waitForSelector('#main-nav[data-enhanced]', { state: 'attached' });
      await page.waitForLoadState('networkidle');
      const file = join(outDir, `${name}-${viewport.width}.png`);
      await page.screenshot({ path: file });
      console.log(`docs/screenshots/${name}-${viewport.width}.png  ${path}`);
      await page.close();
    }
    await context.close();
  }
} finally {
  await browser.close();
  site.kill('SIGTERM');
}
