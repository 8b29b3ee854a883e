/**
 * Debian's redis-server on a free port, as a pure cache (no RDB, no AOF), for the replica tests; it can
 * be stopped and started again on the same port, as a sysadmin's restart would. `cli` runs redis-cli.
 * Where redis-server is missing the replica tests skip, with a message; with REQUIRE_REDIS=1 (set by
 * .ci/run) that is an error, so CI can never skip them silently.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './server-process';
import { waitUntil } from './wait';

export const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path)) ?? null;
if (!REDIS_SERVER && process.env.REQUIRE_REDIS === '1') throw new Error('REQUIRE_REDIS=1 but redis-server is not installed (apt-get install -y redis-server)');
if (!REDIS_SERVER) console.warn('redis-server is not installed: skipping the replica tests (apt-get install -y redis-server).');

export interface RunningRedis {
  url: string;
  port: number;
  cli(...args: string[]): string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the process without closing its connections (SIGSTOP): Redis that is there but never answers. */
  freeze(): void;
  thaw(): void;
}

export async function startRedis(): Promise<RunningRedis> {
  if (!REDIS_SERVER) throw new Error('redis-server is not installed: apt-get install -y redis-server');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const cli = (...args: string[]) => execFileSync('redis-cli', ['-p', String(port), ...args], { encoding: 'utf8' }).trim();
  const answers = () => {
    try {
      return cli('PING') === 'PONG';
    } catch {
      return false;
    }
  };
  const running: RunningRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    cli,
    async start() {
      child = spawn(
        REDIS_SERVER,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--maxmemory', '64mb', '--maxmemory-policy', 'allkeys-lru'],
        {
          stdio: 'ignore',
        },
      );
      await waitUntil(answers);
    },
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
    async stop() {
      const stopping = child;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => stopping.once('exit', () => resolve()));
      stopping.kill('SIGKILL');
      await exited;
      child = null;
    },
  };
  await running.start();
  return running;
}
