/**
 * deploy/nginx.conf run by Debian's nginx on a free port, in a temporary prefix, in front of app
 * processes on the given ports (the upstream's `server` line repeated per replica, with its
 * parameters). `NGINX` is null where nginx is not installed; with REQUIRE_NGINX=1 (.ci/run) that is an
 * error, so CI can never skip the deployment tests silently.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../../scripts/lib/site-process.mjs';
import { freePort } from './server-process';

export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? null;
if (!NGINX && process.env.REQUIRE_NGINX === '1') throw new Error('REQUIRE_NGINX=1 but nginx is not installed (apt-get install -y nginx-light)');
if (!NGINX) console.warn('nginx is not installed: skipping the deploy/nginx.conf tests (apt-get install -y nginx).');

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The upstream's server line as deploy/nginx.conf has it for one app on a host. */
const SERVER_LINE = /server 127\.0\.0\.1:3000([^;]*);/;

export interface RunningNginx {
  url: string;
  prefix: string;
  stop(): void;
}

export async function startNginx(appPorts: number[]): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const port = await freePort();
  const prefix = mkdtempSync(join(tmpdir(), 'ztu-nginx-'));
  // Workers run as nginx's unprivileged default user: they must reach the prefix and write temp/ and the caches.
  chmodSync(prefix, 0o755);
  for (const dir of ['logs', 'temp', 'cache', 'image-cache']) mkdirSync(join(prefix, dir), { mode: 0o777 });
  for (const dir of ['temp', 'cache', 'image-cache']) chmodSync(join(prefix, dir), 0o777);
  const source = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  if (!SERVER_LINE.test(source)) throw new Error('deploy/nginx.conf: the upstream has no "server 127.0.0.1:3000 …;" line');
  const conf = source
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace(SERVER_LINE, (_line, params: string) => appPorts.map((appPort) => `server 127.0.0.1:${appPort}${params};`).join('\n        '));
  writeFileSync(join(prefix, 'nginx.conf'), conf);
  const check = spawnSync(NGINX, ['-t', '-p', prefix, '-c', join(prefix, 'nginx.conf')], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(check.stderr);
  const nginx: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(url);
  } catch (error) {
    // An nginx that never answered is stopped here: nobody holds it to stop it later.
    nginx.kill('SIGKILL');
    rmSync(prefix, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    prefix,
    stop() {
      nginx.kill('SIGQUIT');
      if (process.env.KEEP_NGINX) console.log(readFileSync(join(prefix, 'logs/error.log'), 'utf8'));
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A GET that sends exactly the header lines given, in their order and spelling, a name repeated as often
 * as it is listed (fetch and Node's own client join repeated Cookie lines into one), and no
 * Accept-Encoding unless listed: what a hand-made request can send.
 */
export function getWithHeaderLines(url: string, lines: Array<[string, string]>): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers: [['Host', target.host], ...lines].flat() },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
