/**
 * `npm run bench`: what a page costs the server, measured with a load generator that outruns it.
 *
 * Load comes from wrk (Debian's `wrk`, a C generator on one thread): a Node generator on the same two
 * cores saturates first and makes every server look alike. Each page is served by three servers, one at
 * a time, on the same bytes:
 *   - the site (its page cache warm: the stored page), with its request log and metrics on, as in production;
 *   - bare Node: an http server that only sends the page's stored gzip bytes (the floor of Node's HTTP);
 *   - nginx: the same bytes as a static file (the ceiling; when its row is far above the site's, the
 *     generator was not the limit).
 * For each: requests per second, and the server's CPU time per request (user + system, read from
 * /proc/<pid>/stat before and after the run, so the generator's own CPU never counts), and the ratio
 * nginx CPU / site CPU (1 = as cheap as nginx).
 * Then the cold render cost: a second site with the page cache off (data warm), CPU per request for
 * the pages that render most often, asked for as a browser over HTTPS asks (Accept-Encoding with br);
 * and the cost of a miss as production pays it: the page cache on, every request a URL not stored yet
 * (the render, its response's compression and the compression of the copy stored). Then the search timing, the cost of one image variant (640w AVIF
 * and WebP of a 4000x3000 JPEG, cold and cached) and RSS. Figures depend on the machine and
 * on what else runs: compare rows of one run; nothing is asserted.
 *   BENCH_SECONDS (5), BENCH_CONNECTIONS (50), BENCH_PROFILE=1 (write .bench/*.cpuprofile and print
 *   the functions with the most self time for the warm and the render server).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { withBundled } from './lib/bundled.mjs';
import { CLK_TCK, cpuMicros, processTree } from './lib/process-cpu.mjs';
import { freePort, productionNodeFlags, root, startBuiltSite, waitFor } from './lib/site-process.mjs';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const profile = process.env.BENCH_PROFILE === '1';
const WARM = ['/', '/ru/about', '/en/news/1'];
const RENDERED = ['/', '/ru/about', '/en/news/1', '/newsAll?page=2', '/search?q=talaba'];
/** Rendering is slow next to sending stored bytes: fewer connections keep latency meaningful. */
const RENDER_CONNECTIONS = 8;
/**
 * Before its run is measured, a page is rendered (not counted) in runs of SETTLE_RUN_S seconds until its
 * CPU per request has settled (see `settle`), for at most SETTLE_MAX_S seconds.
 */
const SETTLE_RUN_S = 2;
const SETTLE_MAX_S = 30;
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((p) => existsSync(p));
const REDIS = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p));
/** A real backend's time per call (network and query), for the replica rows. */
const BACKEND_DELAY_MS = Number(process.env.BENCH_BACKEND_DELAY_MS ?? 20);
const USER_AGENT = 'Mozilla/5.0 (bench) Chrome/140.0';
/** What Chromium sends over HTTPS, as visitors reach the site behind nginx. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** Pages rendered and stored, each request under a URL not stored yet. */
const STORED = ['/', '/ru/about', '/en/news/1'];
const profileDir = join(root, '.bench');

if (!WRK) {
  console.error('npm run bench needs wrk, a load generator faster than the server: apt-get install -y wrk');
  process.exit(1);
}

function startSite(name, env = {}) {
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${join(profileDir, name)}`] : [];
  return startBuiltSite({ env: { LOG_LEVEL: 'info', ...env }, nodeArgs, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stopChild(child, signal = 'SIGTERM') {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * A wrk script that asks for `path` plus a query parameter of its own each request (`department`, which
 * the pages measured ignore but the page cache key keeps): every request misses the page cache. Its
 * counter starts at the script's argument, so no run repeats another's URLs.
 */
const NEW_URL_SCRIPT = `
local n = 0
function init(args) n = tonumber(args[1]) end
function request()
  n = n + 1
  local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
  return wrk.format(nil, wrk.path .. sep .. "department=" .. n)
end`;
let newUrlRuns = 0;

/**
 * A wrk script that posts purges by key (`news:<n>`, a new n each time) with the purge token: a CMS, or a
 * script gone wrong, sending purges as fast as the replica answers them.
 */
const PURGE_SCRIPT = `
local n = 0
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
function init(args) wrk.headers["Authorization"] = "Bearer " .. args[1] end
function request()
  n = n + 1
  return wrk.format(nil, "/_cache/purge", nil, '{"keys":["news:' .. (n % 1000 + 1) .. '"]}')
end`;

/**
 * Runs wrk against `url`; returns requests/s, requests, latency percentiles and the server's CPU per
 * request. `newUrls`: every request under a URL of its own (NEW_URL_SCRIPT).
 */
function wrk(url, pid, { conns = connections, duration = seconds, encodings = 'gzip', newUrls = false } = {}) {
  const pids = processTree(pid);
  const args = ['-t1', `-c${conns}`, `-d${duration}s`, '--latency', '-H', `User-Agent: ${USER_AGENT}`, '-H', `Accept-Encoding: ${encodings}`];
  let script = null;
  if (newUrls) {
    script = join(tmpdir(), `bench-new-urls-${process.pid}.lua`);
    writeFileSync(script, NEW_URL_SCRIPT);
    args.push('-s', script);
  }
  const before = cpuMicros(pids);
  const out = execFileSync(WRK, [...args, url, ...(newUrls ? ['--', String(++newUrlRuns * 10_000_000)] : [])], { encoding: 'utf8' });
  if (script) rmSync(script, { force: true });
  const cpu = cpuMicros(pids) - before;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const percentile = (p) => /(\d+(?:\.\d+)?)(us|ms|s)\b/.exec(new RegExp(`^\\s*${p}%\\s+(\\S+)`, 'm').exec(out)?.[1] ?? '');
  const ms = (m) => (m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : NaN);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(out)?.[1] ?? '';
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    requests,
    cpuUs: requests ? cpu / requests : NaN,
    p50: ms(percentile(50)),
    p99: ms(percentile(99)),
    problems: [non2xx ? `${non2xx} non-2xx` : '', errors ? `socket errors ${errors}` : ''].filter(Boolean).join(', '),
  };
}

/**
 * Renders `url` until the server's CPU per request has settled: runs of SETTLE_RUN_S seconds until two
 * in a row come no more than 5 % under the lowest before them. A new process's first few thousand
 * renders cost up to twice as much: V8 is still optimising the hot functions on a background thread,
 * whose CPU counts (measured on `/`, 2 s runs from a fresh start: 6.7, 8.2, 4.6, 4.4, 3.6, 3.1, 3.1,
 * 3.3 ms). A fixed warm-up of a few seconds measured part of that; production serves from a settled
 * process. Returns the seconds it took and the first run's CPU per request (for a fresh process: what
 * a replica just started pays).
 */
function settle(url, pid, options) {
  let lowest = Infinity;
  let first = NaN;
  let stale = 0;
  let elapsed = 0;
  while (stale < 2 && elapsed < SETTLE_MAX_S) {
    const { cpuUs } = wrk(url, pid, { ...options, duration: SETTLE_RUN_S });
    elapsed += SETTLE_RUN_S;
    if (Number.isNaN(first)) first = cpuUs;
    stale = cpuUs < lowest * 0.95 ? 0 : stale + 1;
    lowest = Math.min(lowest, cpuUs);
  }
  return { settledS: elapsed, firstCpuUs: first };
}

/** A ceiling server once it answers: its URL and pid, and `close` that stops it and removes `path`. */
async function ceiling(child, port, signal, path) {
  const url = `http://127.0.0.1:${port}/`;
  await waitFor(url);
  return {
    url,
    pid: child.pid,
    close: async () => {
      await stopChild(child, signal);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

/** Bare Node in a process of its own, as the site is, sending the stored bytes. */
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

/**
 * A page's body (not decoded), on a connection of its own: a kept-alive one from a pool could point at a
 * server this script stopped whose port the next one got.
 */
function fetchBody(url, headers = {}) {
  return new Promise((resolve, reject) => {
    httpGet(url, { agent: false, headers: { 'user-agent': USER_AGENT, ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve(Buffer.concat(chunks)));
      res.on('error', reject);
    }).on('error', reject);
  });
}

/** The gzip bytes a warm request is sent (the page gzipped as the page cache stores it). */
async function storedGzip(url) {
  return gzipSync(await fetchBody(url), { level: 6 });
}

async function warmRow(site, path) {
  const gz = await storedGzip(site.url + path);
  const row = { path, bytes: gz.length, site: wrk(site.url + path, site.child.pid) };
  const bare = await bareNode(gz);
  row.bare = wrk(bare.url, bare.pid);
  await bare.close();
  const nginx = await nginxStatic(gz);
  if (nginx) {
    row.nginx = wrk(nginx.url, nginx.pid);
    await nginx.close();
  }
  return row;
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
    .slice(0, 10)
    .map(([k, t]) => `${((t / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
}

/** The search timing (scripts/lib/search-timing.ts). */
function searchTiming() {
  return withBundled('search-timing', (module) => module.searchTiming());
}

/** The image endpoint's cost of one variant, cold and cached (scripts/lib/image-timing.ts). */
function imageTiming() {
  return withBundled('image-timing', (module) => module.imageTiming());
}

/** Debian's redis-server on a free port as a pure cache, once it answers; null where it is not installed. */
async function startRedis() {
  if (!REDIS) return null;
  const port = await freePort();
  const child = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  while (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() !== 'PONG') await new Promise((r) => setTimeout(r, 20));
  return { url: `redis://127.0.0.1:${port}`, child };
}

/**
 * Three replicas on one backend (the embedded content over HTTP, BACKEND_DELAY_MS per call), without
 * and with Redis: the backend calls it takes for each replica to serve every sitemap URL once, all three
 * at the same time, and one replica's warm throughput (is Redis on the warm path? it should not be).
 */
async function replicaRows(paths) {
  return withBundled('embedded-backend', async ({ startEmbeddedBackend }) => {
    const rows = [];
    for (const mode of ['no Redis', 'Redis']) {
      const redis = mode === 'Redis' ? await startRedis() : null;
      if (mode === 'Redis' && !redis) break;
      const backend = await startEmbeddedBackend(BACKEND_DELAY_MS);
      const env = {
        BACKEND_URL: backend.url,
        SITE_URL: 'https://ztu.example.uz',
        ...(redis ? { REDIS_URL: redis.url, REDIS_SIGNING_KEY: 'bench-redis-signing-key-0123456789abcdef' } : {}),
      };
      const replicas = [];
      for (let i = 0; i < 3; i++) replicas.push(await startSite(`replica-${i}`, { ...env, CACHE_PURGE_TOKEN: PURGE_TOKEN }));
      const started = performance.now();
      await Promise.all(
        replicas.map(async (replica) => {
          for (const path of paths) await fetchBody(replica.url + path, { 'accept-encoding': 'gzip' });
        }),
      );
      const crawlS = (performance.now() - started) / 1000;
      const warmPath = '/ru/about';
      const warm = wrk(replicas[0].url + warmPath, replicas[0].child.pid);
      const storm = redis ? await duringPurgeStorm(replicas[0], warmPath) : null;
      rows.push({ mode, calls: backend.calls(), crawlS, warmPath, warm, storm });
      for (const replica of replicas) await stopChild(replica.child);
      await backend.close();
      if (redis) await stopChild(redis.child);
    }
    return rows;
  });
}

const PURGE_TOKEN = 'bench-purge-token-0123456789';

/**
 * A warm page's throughput while purges by key arrive as fast as the replica answers them (two
 * connections of their own): purges that arrive while one is on its way to Redis go together, and a
 * purge by key drops only the entries that hold the entity, so the warm page should stay warm.
 */
async function duringPurgeStorm(replica, warmPath) {
  const script = join(tmpdir(), `bench-purge-${process.pid}.lua`);
  writeFileSync(script, PURGE_SCRIPT);
  const purger = spawn(WRK, ['-t1', '-c2', `-d${seconds + 1}s`, '-s', script, replica.url, '--', PURGE_TOKEN], { stdio: ['ignore', 'pipe', 'inherit'] });
  let purgeOut = '';
  const purgerDone = new Promise((resolve) => purger.once('exit', resolve));
  // wrk prints its first line as it connects and starts posting; the page run starts then, and ends
  // within the purges' run (one second longer).
  await new Promise((resolve) =>
    purger.stdout.on('data', (chunk) => {
      purgeOut += chunk;
      resolve();
    }),
  );
  const page = wrk(replica.url + warmPath, replica.child.pid);
  await purgerDone;
  rmSync(script, { force: true });
  const purges = Number(/(\d+) requests in ([\d.]+)s/.exec(purgeOut)?.[1] ?? 0);
  const purgeSeconds = Number(/requests in ([\d.]+)s/.exec(purgeOut)?.[1] ?? NaN);
  const refused = Number(/Non-2xx or 3xx responses: (\d+)/.exec(purgeOut)?.[1] ?? 0);
  return { page, purgesPerS: purges / purgeSeconds, refused };
}

function rssMb(pid) {
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return out ? (Number(out) / 1024).toFixed(0) : '?';
}

/** Every URL of the sitemap (all routes, news, articles, faculties in three languages), once per encoding. */
async function serveWholeSite(site) {
  const sitemap = (await fetchBody(`${site.url}/sitemap.xml`)).toString();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  for (const path of paths) {
    for (const encoding of ['br', 'gzip']) await fetchBody(site.url + path, { 'accept-encoding': encoding });
  }
  return paths;
}

execFileSync(process.execPath, [join(root, 'build.mjs')], { stdio: 'inherit' });
if (profile) rmSync(profileDir, { recursive: true, force: true });

const cached = await startSite('page-cache-on');
const sitePaths = await serveWholeSite(cached);
const sitePages = sitePaths.length;
const warm = [];
for (const path of WARM) warm.push(await warmRow(cached, path));
const rss = { cached: rssMb(cached.child.pid) };
const stored = [];
for (const path of STORED) {
  const options = { conns: RENDER_CONNECTIONS, encodings: BROWSER_ENCODINGS, newUrls: true };
  const settled = settle(cached.url + path, cached.child.pid, options);
  stored.push({ path, ...settled, ...wrk(cached.url + path, cached.child.pid, options) });
}
await stopChild(cached.child);

const rendering = await startSite('page-cache-off', { PAGE_CACHE_MAX_MB: '0' });
const rendered = [];
for (const path of RENDERED) {
  // Data warm, and the render's code optimised as in a process that has served for a while.
  await fetchBody(rendering.url + path);
  const options = { conns: RENDER_CONNECTIONS, encodings: BROWSER_ENCODINGS };
  const settled = settle(rendering.url + path, rendering.child.pid, options);
  rendered.push({ path, ...settled, ...wrk(rendering.url + path, rendering.child.pid, options) });
}
rss.rendering = rssMb(rendering.child.pid);
await stopChild(rendering.child);

const replicas = await replicaRows(sitePaths);

const pad = (v, n) => String(v).padStart(n);
const fixed = (v, d = 0) => (Number.isFinite(v) ? v.toFixed(d) : '—');
console.log(
  `\nwrk: 1 thread, ${connections} connections, ${seconds} s per run; Node ${process.version}; ${NGINX ? 'nginx' : 'no nginx (install it for the ceiling row)'}; CPU from /proc (${CLK_TCK} ticks/s)\n`,
);
console.log('Warm (stored) pages: requests/s and server CPU per request (µs)');
console.log(
  `${'page'.padEnd(13)}${pad('gzip B', 7)}${pad('site r/s', 10)}${pad('µs', 6)}${pad('p99 ms', 8)}${pad('bare r/s', 10)}${pad('µs', 6)}${pad('nginx r/s', 11)}${pad('µs', 6)}${pad('nginx÷site CPU', 16)}`,
);
for (const r of warm) {
  console.log(
    `${r.path.padEnd(13)}${pad(r.bytes, 7)}${pad(fixed(r.site.rps), 10)}${pad(fixed(r.site.cpuUs), 6)}${pad(fixed(r.site.p99, 1), 8)}` +
      `${pad(fixed(r.bare.rps), 10)}${pad(fixed(r.bare.cpuUs), 6)}${pad(r.nginx ? fixed(r.nginx.rps) : '—', 11)}${pad(r.nginx ? fixed(r.nginx.cpuUs) : '—', 6)}` +
      `${pad(r.nginx ? fixed(r.nginx.cpuUs / r.site.cpuUs, 2) : '—', 16)}`,
  );
  for (const [name, result] of Object.entries({ site: r.site, bare: r.bare, nginx: r.nginx })) {
    if (result?.problems) console.log(`  ! ${name} ${r.path}: ${result.problems}`);
  }
}
const renderTable = (title, rows) => {
  console.log(`\n${title}`);
  console.log(
    `${'page'.padEnd(18)}${pad('r/s', 8)}${pad('CPU ms', 8)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('settled after', 15)}${pad('first run ms', 14)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.path.padEnd(18)}${pad(fixed(r.rps), 8)}${pad(fixed(r.cpuUs / 1000, 2), 8)}${pad(fixed(r.p50, 1), 8)}${pad(fixed(r.p99, 1), 8)}` +
        `${pad(`${r.settledS} s`, 15)}${pad(fixed(r.firstCpuUs / 1000, 2), 14)}`,
    );
    if (r.problems) console.log(`  ! ${r.path}: ${r.problems}`);
  }
};
renderTable(
  `Cold renders (page cache off, data warm, ${RENDER_CONNECTIONS} connections, Accept-Encoding: ${BROWSER_ENCODINGS}): server CPU per request`,
  rendered,
);
console.log(
  `(measured once CPU per request has settled; first run: the page's first ${SETTLE_RUN_S} s of renders, for ${RENDERED[0]} those of a process just started)`,
);
renderTable(`Misses as production pays them (page cache on, data warm, a URL not stored yet each request: ?department=n): render, send and store`, stored);
console.log(
  `\nThree replicas on one backend (${BACKEND_DELAY_MS} ms a call), each serving all ${sitePages} sitemap URLs once, at the same time; then warm throughput of one replica`,
);
console.log(`${'replicas'.padEnd(10)}${pad('backend calls', 15)}${pad('crawl s', 9)}${pad('warm page', 11)}${pad('r/s', 8)}${pad('µs', 6)}`);
for (const r of replicas) {
  console.log(
    `${r.mode.padEnd(10)}${pad(r.calls, 15)}${pad(fixed(r.crawlS, 1), 9)}${pad(r.warmPath, 11)}${pad(fixed(r.warm.rps), 8)}${pad(fixed(r.warm.cpuUs), 6)}`,
  );
}
for (const { warmPath, warm, storm } of replicas.filter((r) => r.storm)) {
  console.log(
    `Purge storm (purges by key on 2 connections, as fast as the replica answers): ${warmPath} ${fixed(storm.page.rps)} r/s during it, ` +
      `${fixed(warm.rps)} r/s alone; ${fixed(storm.purgesPerS)} purges a second answered${storm.refused ? `, ${storm.refused} refused` : ''}`,
  );
}
if (!REDIS) console.log('(no redis-server: apt-get install -y redis-server for the Redis row)');
console.log(`\n${await searchTiming()}`);
console.log(`\n${await imageTiming()}`);
console.log(
  `\nRSS after serving all ${sitePages} sitemap URLs and the runs: ${rss.cached} MB (page cache on), ${rss.rendering} MB (page cache off); node ${productionNodeFlags().join(' ')}`,
);
if (profile) {
  for (const name of ['page-cache-on', 'page-cache-off']) {
    console.log(`\nMost self time, ${name}:`);
    for (const line of hottest(join(profileDir, name))) console.log(line);
  }
}
