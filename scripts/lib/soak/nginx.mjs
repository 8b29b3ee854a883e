/**
 * deploy/nginx.conf run by Debian's nginx in front of the replicas, adapted as test/helpers/nginx.ts
 * adapts it (listen on a free loopback port, the upstream's server line once per replica) plus one
 * observation-only change: the access log gets a format the report reads (time in ms, status,
 * replica, path). Everything else is the file as shipped.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, root, waitFor } from '../site-process.mjs';
import { launch, stopProcess } from './processes.mjs';

export const NGINX = '/usr/sbin/nginx';
const UPSTREAM_SERVER = /server 127\.0\.0\.1:3000([^;]*);/;
const ACCESS_LOG = 'access_log logs/access.log;';
/** Read by ./access-log.mjs: `<epoch s.ms> <status> "<upstream addr>" "<path>"`. */
const LOG_FORMAT = `log_format soak '$msec $status "$upstream_addr" "$request_uri"';\n    access_log logs/access.log soak;`;

/**
 * How long nginx skips a replica after a failed connection (the upstream's fail_timeout): a rolling
 * restart that stops the next replica sooner can leave nginx with every replica marked failed.
 */
export function upstreamFailTimeoutMs() {
  const seconds = /fail_timeout=(\d+)s/.exec(readFileSync(join(root, 'deploy/nginx.conf'), 'utf8'))?.[1];
  if (!seconds) throw new Error('deploy/nginx.conf: no "fail_timeout=<n>s" on the upstream server line');
  return Number(seconds) * 1000;
}

/** deploy/nginx.conf for this run, or an error naming the line it could not adapt. */
function adaptedConf(port, appPorts) {
  const source = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  for (const [what, found] of [
    ['listen 8080;', source.includes('listen 8080;')],
    ['server 127.0.0.1:3000 …;', UPSTREAM_SERVER.test(source)],
    [ACCESS_LOG, source.includes(ACCESS_LOG)],
  ]) {
    if (!found) throw new Error(`deploy/nginx.conf: no "${what}" line to adapt`);
  }
  return source
    .replace('listen 8080;', `listen 127.0.0.1:${port};`)
    .replace(UPSTREAM_SERVER, (_line, params) => appPorts.map((appPort) => `server 127.0.0.1:${appPort}${params};`).join('\n        '))
    .replace(ACCESS_LOG, LOG_FORMAT);
}

export async function startNginx(dir, appPorts) {
  const prefix = join(dir, 'nginx');
  // Workers run as nginx's unprivileged default user: they must reach the prefix and write its folders.
  mkdirSync(prefix, { recursive: true });
  chmodSync(dir, 0o755);
  chmodSync(prefix, 0o755);
  for (const sub of ['logs', 'temp', 'cache', 'image-cache']) {
    mkdirSync(join(prefix, sub), { recursive: true });
    chmodSync(join(prefix, sub), 0o777);
  }
  const port = await freePort();
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(conf, adaptedConf(port, appPorts));
  const check = spawnSync(NGINX, ['-t', '-p', prefix, '-c', conf], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const proc = launch('nginx', NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;']);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/robots.txt`);
  return {
    url,
    proc,
    accessLog: join(prefix, 'logs/access.log'),
    errorLog: join(prefix, 'logs/error.log'),
    stop: () => stopProcess(proc, 'SIGQUIT', 10_000),
  };
}
