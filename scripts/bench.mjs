/**
 * `npm run bench`: throughput and latency of warm pages, each beside a ceiling measured in the same
 * run on the same bytes: a bare Node http server that only sends the page's stored gzip bytes. It
 * prints a table and asserts nothing about time (timings depend on the machine).
 *   BENCH_SECONDS (default 5), BENCH_CONNECTIONS (default 50)
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PAGES = ['/', '/ru/about', '/en/news/1'];

async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startSite() {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'dist/server/index.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('site did not start');
}

async function startCeiling(body, headers) {
  const port = await freePort();
  const server = createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

function run(url) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip', 'user-agent': 'Mozilla/5.0 bench' } },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const { execFileSync } = await import('node:child_process');
execFileSync(process.execPath, [join(root, 'build.mjs')], { stdio: 'inherit' });
const site = await startSite();
const rows = [];
try {
  for (const path of PAGES) {
    const warm = await fetch(site.url + path, { headers: { 'accept-encoding': 'gzip' } });
    // fetch decodes gzip; the ceiling sends the same page gzip-compressed once, as bytes.
    const html = Buffer.from(await warm.arrayBuffer());
    const { gzipSync } = await import('node:zlib');
    const gz = gzipSync(html);
    const ceiling = await startCeiling(gz, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': 'gzip' });
    const siteResult = await run(site.url + path);
    const ceilingResult = await run(ceiling.url);
    await ceiling.close();
    rows.push({ path, site: siteResult, ceiling: ceilingResult, bytes: gz.length });
  }
} finally {
  site.child.kill('SIGTERM');
}

const pad = (v, n) => String(v).padStart(n);
console.log(`\n${connections} connections, ${seconds} s per run, Node ${process.version}\n`);
console.log(`${'page'.padEnd(14)}${pad('gzip B', 8)}${pad('site req/s', 12)}${pad('p50', 6)}${pad('p99', 6)}${pad('bare req/s', 12)}${pad('p50', 6)}${pad('p99', 6)}${pad('ratio', 8)}`);
for (const { path, site: s, ceiling: c, bytes } of rows) {
  const ratio = s.requests.average / c.requests.average;
  console.log(
    `${path.padEnd(14)}${pad(bytes, 8)}${pad(Math.round(s.requests.average), 12)}${pad(s.latency.p50, 6)}${pad(s.latency.p99, 6)}${pad(Math.round(c.requests.average), 12)}${pad(c.latency.p50, 6)}${pad(c.latency.p99, 6)}${pad(`${(ratio * 100).toFixed(1)}%`, 8)}`,
  );
  if (s.non2xx || s.errors) console.log(`  ! ${path}: ${s.non2xx} non-2xx, ${s.errors} errors`);
}
