/**
 * Debian's redis-server configured as deploy/docker-compose.yml configures Redis (its command line,
 * read from the file, so the soak test follows what deploy/ ships), with a small `maxmemory` so that
 * eviction really happens. It can be restarted on the same port, frozen (SIGSTOP) and thawed. `client`
 * is the soak test's own connection, the one a compromised neighbour on the network would hold.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import yaml from 'js-yaml';
import { freePort, root } from '../site-process.mjs';
import { isRunning, launch, signalProcess, stopProcess } from './processes.mjs';
import { waitUntil } from './time.mjs';

const run = promisify(execFile);
export const REDIS_SERVER = '/usr/bin/redis-server';

/** The redis-server arguments of deploy/docker-compose.yml's redis service, `maxmemory` replaced. */
export function deployRedisArgs(maxmemory) {
  const compose = yaml.load(readFileSync(join(root, 'deploy/docker-compose.yml'), 'utf8'));
  const command = compose?.services?.redis?.command;
  if (!Array.isArray(command) || command[0] !== 'redis-server') {
    throw new Error('deploy/docker-compose.yml: services.redis.command is not a ["redis-server", …] list');
  }
  const args = command.slice(1).map(String);
  const at = args.indexOf('--maxmemory');
  if (at >= 0) args[at + 1] = maxmemory;
  else args.push('--maxmemory', maxmemory);
  return args;
}

export class RedisServer {
  constructor({ dir, maxmemory }) {
    this.dir = dir;
    this.args = deployRedisArgs(maxmemory);
    this.proc = null;
    this.frozen = false;
  }

  get url() {
    return `redis://127.0.0.1:${this.port}`;
  }

  get policy() {
    const at = this.args.indexOf('--maxmemory-policy');
    return at >= 0 ? this.args[at + 1] : 'noeviction';
  }

  async start(signal) {
    this.port ??= await freePort();
    this.proc = launch('redis-server', REDIS_SERVER, [...this.args, '--port', String(this.port), '--bind', '127.0.0.1', '--dir', this.dir]);
    const up = await waitUntil(() => this.ping(), { timeoutMs: 20_000, signal });
    if (!up && !signal?.aborted) throw new Error('redis-server did not answer PING within 20 s');
    this.client ??= new Redis({
      port: this.port,
      host: '127.0.0.1',
      connectionName: 'soak:neighbour',
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 5_000,
      retryStrategy: () => 200,
    });
    this.client.on('error', () => {});
  }

  async ping() {
    if (!isRunning(this.proc)) return false;
    const { stdout } = await run('redis-cli', ['-p', String(this.port), 'PING'], { timeout: 2_000 });
    return stdout.trim() === 'PONG';
  }

  /** Stopped as a sysadmin's restart stops it (SIGTERM); a pure cache, it comes back empty. */
  async restart(signal) {
    await this.stop();
    await this.start(signal);
  }

  freeze() {
    this.frozen = true;
    signalProcess(this.proc, 'SIGSTOP');
  }

  thaw() {
    this.frozen = false;
    signalProcess(this.proc, 'SIGCONT');
  }

  async stop() {
    if (this.proc) await stopProcess(this.proc, 'SIGTERM', 5_000);
  }

  /** Closes the soak test's own connection (at the end of the run). */
  close() {
    this.client?.disconnect();
  }
}
