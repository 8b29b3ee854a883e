/**
 * What the measuring scripts (bench, lighthouse, screenshots) share: a free port, Debian's Chromium,
 * and the built site started the way the Dockerfile's CMD starts it (same node flags), on its own port.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from './build-freshness.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** How the Lighthouse scripts start Chromium (chrome-launcher): headless, as the browser tests run it. */
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];

/** Debian's Chromium (or CHROMIUM_PATH); exits with a one-line hint when there is none. */
export function chromiumPath() {
  const path = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => p && existsSync(p));
  if (!path) {
    console.error('No Chromium found: apt-get install -y chromium, or set CHROMIUM_PATH.');
    process.exit(1);
  }
  return path;
}

/** The node flags of the Dockerfile's CMD (heap sizing), so every script measures the production process. */
export function productionNodeFlags() {
  const cmd = readFileSync(join(root, 'Dockerfile'), 'utf8')
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('CMD '));
  return JSON.parse(cmd.slice(4)).filter((arg) => arg.startsWith('--'));
}

/**
 * The allocator settings the Dockerfile's ENV gives the server (glibc reads them when a process starts, so
 * they cannot be set from inside it): measured processes get the same.
 */
export function productionAllocatorEnv() {
  const arenas = /^\s*ENV\s+MALLOC_ARENA_MAX=(\d+)/m.exec(readFileSync(join(root, 'Dockerfile'), 'utf8'))?.[1];
  return arenas ? { MALLOC_ARENA_MAX: arenas } : {};
}

/**
 * SITE_NODE_ARGS: node flags added after the Dockerfile's for every measured server (a later flag wins), to
 * measure a setting before it is made the default: `SITE_NODE_ARGS=--max-semi-space-size=8 npm run
 * bench:server-memory`.
 */
function extraNodeArgs() {
  return (process.env.SITE_NODE_ARGS ?? '').split(' ').filter(Boolean);
}

/** Resolves once `url` answers below 500. */
export async function waitFor(url) {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not start`);
}

/**
 * The environment of a built site in production mode on 127.0.0.1:`port`, quiet but for warnings, with
 * its metrics listener (/metrics and the detailed /healthz) on 127.0.0.1:`metricsPort`.
 */
export function siteEnv(port, metricsPort) {
  return { ...process.env, PORT: String(port), HOST: '127.0.0.1', METRICS_PORT: String(metricsPort), LOG_LEVEL: 'warn', NODE_ENV: 'production' };
}

/**
 * The built site (built first when missing or stale) on embedded content unless `env` says otherwise, with the
 * production node flags plus `nodeArgs` (`stdio` as for spawn: the bench sends the request log to /dev/null,
 * so it is written, as in production, without flooding the terminal). `at`: another checkout of the site
 * (a baseline to compare with), built there when it is not. Returns its URL, its metrics listener's URL
 * (/metrics and the detailed /healthz) and its child process.
 */
export async function startBuiltSite({ env = {}, nodeArgs = [], stdio = 'inherit', at = root } = {}) {
  // Measuring a development or out-of-date build would measure the wrong thing: the same rule as npm start.
  if (staleReason(at)) spawnSync(process.execPath, [join(at, 'build.mjs')], { cwd: at, stdio: 'inherit' });
  const port = await freePort();
  const metricsPort = await freePort();
  const child = spawn(process.execPath, [...productionNodeFlags(), ...extraNodeArgs(), ...nodeArgs, join(at, 'dist/server/index.js')], {
    cwd: at,
    env: { ...siteEnv(port, metricsPort), ...productionAllocatorEnv(), BACKEND_URL: '', ...env },
    stdio,
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { url, metricsUrl: `http://127.0.0.1:${metricsPort}`, child };
}
