/**
 * `npm run bench`: throughput and latency of the built site under load (autocannon), each page beside
 * ceilings measured in the same run on the same bytes:
 *   - bare Node: an http server that only sends the page's stored gzip bytes;
 *   - nginx: the same bytes as a static file (when nginx is installed).
 * Warm pages come from the page cache; "render" rows run a second server with the page cache off, so
 * every request renders (the data cache stays warm). Before the run the site serves every URL of its
 * sitemap (the whole site in three languages). Prints a table and the site's RSS after the run;
 * asserts nothing about time (figures depend on the machine).
 *   BENCH_SECONDS (5), BENCH_CONNECTIONS (50), BENCH_PROFILE=1 (write .bench/*.cpuprofile and print
 *   the hottest functions of each server).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as esbuild from 'esbuild';
import { freePort, productionNodeFlags, root, startBuiltSite, waitFor } from './lib/site-process.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const profile = process.env.BENCH_PROFILE === '1';
const WARM = ['/', '/ru/about', '/en/news/1'];
const RENDERED = ['/ru/about'];
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const profileDir = join(root, '.bench');

function startSite(name, env = {}) {
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`] : [];
  return startBuiltSite({ env: { LOG_LEVEL: 'silent', ...env }, nodeArgs });
}

async function stopChild(child, signal = 'SIGTERM') {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

const stop = (site) => stopChild(site.child);

/** The search timing (scripts/lib/search-timing.ts), bundled like the server so this script can run it. */
async function searchTiming() {
  const outfile = join(root, 'dist', `search-timing-${process.pid}.mjs`);
  await esbuild.build({
    entryPoints: [join(root, 'scripts/lib/search-timing.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    loader: { '.css': 'empty' },
    logLevel: 'warning',
  });
  try {
    return await (await import(outfile)).searchTiming();
  } finally {
    rmSync(outfile, { force: true });
  }
}

/** A ceiling server once it answers: its URL, and `close` that stops it (with `signal`) and removes `path`. */
async function ceiling(child, port, signal, path) {
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return {
    url,
    close: async () => {
      await stopChild(child, signal);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

function rssMb(pid) {
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return out ? (Number(out) / 1024).toFixed(0) : '?';
}

/**
 * The bare Node ceiling runs in a process of its own, as the site does: in the bench's process it
 * would share one thread with the load generator and look slower than it is.
 */
const BARE_SERVER = `
const { createServer } = require('node:http');
const body = require('node:fs').readFileSync(process.argv[1]);
createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.argv[2]), '127.0.0.1');`;

async function bareNode(body) {
  const port = await freePort();
  const file = join(tmpdir(), `bench-bare-${process.pid}.html.gz`);
  writeFileSync(file, body);
  const child = spawn(process.execPath, ['-e', BARE_SERVER, file, String(port)], { stdio: 'inherit' });
  return ceiling(child, port, 'SIGTERM', file);
}

async function nginxStatic(body) {
  if (!NGINX) return null;
  const dir = join(tmpdir(), `bench-nginx-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  for (const d of ['logs', 'temp', 'www']) mkdirSync(join(dir, d), { recursive: true, mode: 0o777 });
  spawnSync('chmod', ['-R', 'a+rwX', dir]);
  writeFileSync(join(dir, 'www/page.html.gz'), body);
  const port = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1; pid logs/nginx.pid; error_log logs/error.log;
events { worker_connections 4096; }
http { access_log off; client_body_temp_path temp; proxy_temp_path temp; fastcgi_temp_path temp; uwsgi_temp_path temp; scgi_temp_path temp;
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  server { listen 127.0.0.1:${port};
    location / { root ${join(dir, 'www')}; default_type text/html; add_header Content-Encoding gzip; try_files /page.html.gz =404; } } }`,
  );
  const child = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  return ceiling(child, port, 'SIGQUIT', dir);
}

function load(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip', 'user-agent': 'Mozilla/5.0 (bench) Chrome/140.0' } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/** The page's HTML as the site serves it, gzipped once: the bytes every ceiling sends. */
async function pageBytes(url) {
  const res = await fetch(url, { headers: { 'user-agent': 'Mozilla/5.0 (bench) Chrome/140.0' } });
  return gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 });
}

async function measure(site, path, label) {
  const gz = await pageBytes(site.url + path);
  const result = { label, path, bytes: gz.length, site: await load(site.url + path) };
  const bare = await bareNode(gz);
  result.bare = await load(bare.url);
  await bare.close();
  const nginx = await nginxStatic(gz);
  if (nginx) {
    result.nginx = await load(nginx.url);
    await nginx.close();
  }
  return result;
}

function hottest(dir) {
  if (!existsSync(dir)) return [];
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) return [];
  const prof = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const self = new Map();
  const dt = new Map();
  prof.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
  let total = 0;
  for (const node of prof.nodes) {
    const t = dt.get(node.id) ?? 0;
    total += t;
    const f = node.callFrame;
    if (f.functionName === '(idle)' || f.functionName === '(program)') continue;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/.*node_modules\//, '').replace(/.*\/dist\//, 'dist/')}`;
    self.set(key, (self.get(key) ?? 0) + t);
  }
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([k, t]) => `${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

execFileSync(process.execPath, [join(root, 'build.mjs')], { stdio: 'inherit' });
if (profile) rmSync(profileDir, { recursive: true, force: true });
const rows = [];
let rss = {};

/** Every URL of the sitemap (all routes, news, articles, faculties in three languages), once per encoding. */
async function serveWholeSite(site) {
  const sitemap = await (await fetch(`${site.url}/sitemap.xml`)).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const path of paths) {
    for (const encoding of ['br', 'gzip']) await (await fetch(site.url + path, { headers: { 'accept-encoding': encoding } })).arrayBuffer();
  }
  return paths.length;
}

const cached = await startSite('page-cache-on');
const sitePages = await serveWholeSite(cached);
await new Promise((r) => setTimeout(r, 300));
for (const path of WARM) rows.push(await measure(cached, path, 'warm'));
rss.cached = rssMb(cached.child.pid);
await stop(cached);

const rendering = await startSite('page-cache-off', { PAGE_CACHE_MAX_MB: '0' });
for (const path of RENDERED) await fetch(rendering.url + path);
for (const path of RENDERED) rows.push(await measure(rendering, path, 'render'));
rss.rendering = rssMb(rendering.child.pid);
await stop(rendering);

const pad = (v, n) => String(v).padStart(n);
const pct = (a, b) => (b ? `${((a / b) * 100).toFixed(1)}%` : '—');
console.log(`\n${connections} connections, ${seconds} s per run, Node ${process.version}, ${NGINX ? 'nginx ceiling on' : 'nginx not installed'}\n`);
console.log(
  `${'kind'.padEnd(7)}${'page'.padEnd(12)}${pad('gzip B', 7)}${pad('site r/s', 10)}${pad('p50', 5)}${pad('p99', 5)}${pad('bare r/s', 10)}${pad('nginx r/s', 11)}${pad('÷bare', 8)}${pad('÷nginx', 8)}`,
);
for (const r of rows) {
  const s = r.site.requests.average;
  console.log(
    `${r.label.padEnd(7)}${r.path.padEnd(12)}${pad(r.bytes, 7)}${pad(Math.round(s), 10)}${pad(r.site.latency.p50, 5)}${pad(r.site.latency.p99, 5)}${pad(Math.round(r.bare.requests.average), 10)}${pad(r.nginx ? Math.round(r.nginx.requests.average) : '—', 11)}${pad(pct(s, r.bare.requests.average), 8)}${pad(r.nginx ? pct(s, r.nginx.requests.average) : '—', 8)}`,
  );
  if (r.site.non2xx || r.site.errors) console.log(`  ! ${r.path}: ${r.site.non2xx} non-2xx, ${r.site.errors} errors`);
}
console.log(`\n${await searchTiming()}`);
console.log(
  `\nRSS after serving all ${sitePages} sitemap URLs and the run: ${rss.cached} MB (page cache on), ${rss.rendering} MB (page cache off); node ${productionNodeFlags().join(' ')}`,
);
if (profile) {
  for (const name of ['page-cache-on', 'page-cache-off']) {
    console.log(`\nHottest functions (self time), ${name}:`);
    for (const line of hottest(join(profileDir, name))) console.log(line);
  }
}
