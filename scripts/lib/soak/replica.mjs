/**
 * One built server process, started as the Dockerfile starts it (NODE_ENV=production, the CMD's node
 * flags) on fixed loopback ports, so that nginx's upstream finds it again after a restart. Its log
 * (pino JSON on stdout, Node's own crash reports on stderr) is appended to files read at the end.
 */
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, productionAllocatorEnv, productionNodeFlags, root } from '../site-process.mjs';
import { isRunning, launch, stopProcess } from './processes.mjs';
import { STOP_KILL_MS } from './stops.mjs';
import { boundedFetch, waitUntil } from './time.mjs';

/** How long a replica may take to become ready. */
const READY_TIMEOUT_MS = 90_000;
/** SOAK_NODE_ARGS: node flags added to the Dockerfile's, to look inside a run (e.g. `--cpu-prof --cpu-prof-dir=…`). */
const EXTRA_NODE_ARGS = (process.env.SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean);

export class Replica {
  /** `onUnaskedExit(replica, exit)`: called when a process of this replica exits without being asked to. */
  constructor(index, { dir, env, onUnaskedExit }) {
    this.index = index;
    this.onUnaskedExit = onUnaskedExit;
    this.name = `replica-${index}`;
    this.dir = dir;
    this.env = env;
    this.proc = null;
    this.starts = 0;
    this.ready = false;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  get metricsUrl() {
    return `http://127.0.0.1:${this.metricsPort}`;
  }

  get stdoutLog() {
    return join(this.dir, `${this.name}.log`);
  }

  get stderrLog() {
    return join(this.dir, `${this.name}.stderr.log`);
  }

  get imageDir() {
    return this.env.IMAGE_CACHE_DIR;
  }

  get live() {
    return this.ready && isRunning(this.proc);
  }

  async ports() {
    this.port ??= await freePort();
    this.metricsPort ??= await freePort();
  }

  /** Starts the process; resolves true once /readyz answers 200, false if it did not in time. */
  async start(signal) {
    await this.ports();
    const out = openSync(this.stdoutLog, 'a');
    const err = openSync(this.stderrLog, 'a');
    this.ready = false;
    this.proc = launch(this.name, process.execPath, [...productionNodeFlags(), ...EXTRA_NODE_ARGS, join(root, 'dist/server/index.js')], {
      cwd: root,
      env: {
        ...process.env,
        ...productionAllocatorEnv(),
        ...this.env,
        PORT: String(this.port),
        METRICS_PORT: String(this.metricsPort),
        HOST: '127.0.0.1',
        NODE_ENV: 'production',
      },
      stdout: out,
      stderr: err,
    });
    closeSync(out);
    closeSync(err);
    this.starts++;
    this.startedAt = Date.now();
    const proc = this.proc;
    void proc.exited.then((exit) => {
      if (!proc.asked) this.onUnaskedExit?.(this, exit);
    });
    this.ready = await waitUntil(
      async () => {
        if (!isRunning(proc)) throw new Error('exited');
        return (await boundedFetch(`${this.url}/readyz`, { timeoutMs: 5_000, signal })).status === 200;
      },
      { timeoutMs: READY_TIMEOUT_MS, everyMs: 200, signal },
    );
    return this.ready;
  }

  /** Asks it to stop (SIGTERM, as docker stop does); killed after STOP_KILL_MS. */
  async stop(signalName = 'SIGTERM') {
    this.ready = false;
    if (!this.proc) return null;
    return stopProcess(this.proc, signalName, signalName === 'SIGKILL' ? 5_000 : STOP_KILL_MS);
  }

  /**
   * Memory in MB, from /proc: the server process's resident set, and the replica's whole (the server
   * and its image encoder processes, which hold libvips's pixels while they work, as proportional set
   * sizes, the server's alone beside it); null when it is not running.
   */
  rssMb() {
    if (!isRunning(this.proc)) return null;
    const own = processMb(this.proc.pid, 'VmRSS', 'status');
    if (own === null) return null;
    // The processes map the same files (node, libvips): summed RSS would count those pages once per
    // process, Pss counts each page once, shared among the processes that map it.
    // The server's Pss unread is no measurement (null, never 0); an encoder's unread has exited meanwhile.
    const serverPss = processMb(this.proc.pid, 'Pss', 'smaps_rollup');
    if (serverPss === null) return { own, total: null, serverPss: null };
    const pss = childPids(this.proc.pid).reduce((sum, pid) => sum + (processMb(pid, 'Pss', 'smaps_rollup') ?? 0), serverPss);
    return { own, total: pss, serverPss };
  }

  /** The detailed health JSON, from the metrics listener's /healthz (the public one says only ok); null when it does not answer. */
  async health(signal) {
    try {
      const response = await boundedFetch(`${this.metricsUrl}/healthz`, { timeoutMs: 5_000, signal });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }

  /** Prometheus text from the metrics listener, or null. */
  async metrics(signal) {
    try {
      const response = await boundedFetch(`${this.metricsUrl}/metrics`, { timeoutMs: 5_000, signal });
      return response.ok ? await response.text() : null;
    } catch {
      return null;
    }
  }
}

/** The value of an unlabelled metric in Prometheus text, or null. */
export function metricValue(text, name) {
  const match = new RegExp(`^${name} ([^\\s]+)$`, 'm').exec(text ?? '');
  return match ? Number(match[1]) : null;
}

/** A `<field>: <n> kB` line of /proc/<pid>/<file>, in MB; null when the process is gone. */
function processMb(pid, field, file) {
  try {
    const kb = new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

function childPids(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
