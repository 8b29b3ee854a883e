/**
 * The built production server (dist/server/index.js) as a child process on a free port, the way
 * `npm start` and the Docker image run it, with its metrics listener (/metrics and the detailed
 * /healthz) on another. Used by browser tests and the production-install test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort, siteEnv } from '../../scripts/lib/site-process.mjs';

export { freePort };

export const TEST_REDIS_SIGNING_KEY = 'test-replicas-redis-signing-key-0123456789';

export interface RunningServer {
  url: string;
  port: number;
  /** The metrics listener: /metrics and the detailed /healthz. */
  metricsUrl: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
}

type StartOptions = { cwd?: string; nodeArgs?: string[]; /** Longer for a start that builds first. */ startTimeoutMs?: number };

/** Times a start is tried again on other ports when the ones chosen were taken meanwhile. */
const PORT_TRIES = 3;

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      // A free port is only free until someone takes it: another test's server, or a connection's
      // ephemeral local port, between freePort() and the server's listen().
      const raced = error instanceof Error && error.message.includes('EADDRINUSE') && !env.PORT && !env.METRICS_PORT;
      if (!raced || attempt === PORT_TRIES) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>, options: StartOptions): Promise<RunningServer> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : await freePort();
  const cwd = options.cwd ?? fileURLToPath(new URL('../..', import.meta.url));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, options.nodeArgs ?? ['dist/server/index.js'], {
    cwd,
    // SITE_URL: production on a backend requires one; this server's own origin is the honest value.
    // REDIS_SIGNING_KEY: replicas on one Redis share it, as a deployment's would.
    // RUM_SAMPLE=0: tests count what a page asks for, and the default draw (one page view in ten loads the
    // field Web Vitals code once the browser is idle) would add a request to a random one of them. The
    // tests of that code and of the bytes pages send set their own share.
    env: {
      ...siteEnv(port, metricsPort),
      SITE_URL: url,
      RUM_SAMPLE: '0',
      ...(env.REDIS_URL ? { REDIS_SIGNING_KEY: TEST_REDIS_SIGNING_KEY } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  // A bound for a hang only: starting takes seconds on a busy machine.
  const deadline = Date.now() + (options.startTimeoutMs ?? 90_000);
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    metricsUrl: `http://127.0.0.1:${metricsPort}`,
    process: child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        // A process killed by a signal keeps exitCode null: its signalCode says it has gone.
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
