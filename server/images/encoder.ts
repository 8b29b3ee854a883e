/**
 * Reading a source image and making one variant of it, in child processes (encoder-process.mjs runs
 * sharp there). The time limit is kept by killing the process: libvips checks its own timeout only
 * between tiles, and one hostile SVG filter draws for minutes in a single call. So is the memory limit:
 * a 1 KB SVG whose filter keeps forty results draws each at the size asked (650 MB at 1920 px), and
 * nothing in libvips or librsvg bounds it. A killed process takes its CPU and memory with it; so does
 * one left without work, so the server's memory does not keep what a burst of encodes took. The source's own Content-Type is never consulted: the format is what sharp
 * finds in the bytes.
 *
 * No queue here: callers bound how many jobs run at once (the variants' work queue), and a process is
 * started for a job when none is free.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { SHARE_CROP } from '../../shared/seo';
import type { Size, Target } from './formats';
import { FALLBACK_REASONS, Refused, type FallbackReason } from './refused';

export interface SourceImage {
  format: string;
  /** As displayed, EXIF orientation applied. */
  width: number;
  height: number;
  hasAlpha: boolean;
}

export interface Encoded {
  bytes: Buffer;
  contentType: string;
  ext: 'avif' | 'webp' | 'jpg' | 'png';
}

export interface EncoderOptions {
  /** Longest one job (reading a header, making a variant) may take once a process has it. */
  timeoutMs: number;
  /** The child's script; tests may give another. */
  script?: URL;
  /** A process holding more resident memory than this after a job is replaced (RECYCLE_ABOVE_BYTES). */
  recycleAboveBytes?: number;
  /**
   * Most memory of its own a process may hold while it works (IMAGE_ENCODER_MAX_MB): past it the process
   * is killed and the job refused as too large. Unbounded when absent, or where /proc cannot be read.
   */
  maxPrivateBytes?: number;
}

/**
 * Longest a new process may take to load sharp. Apart from the job's limit: on a busy machine a start
 * can take seconds, and a fallback answer must not be lost to it.
 */
const START_TIMEOUT_MS = 60_000;
/**
 * A process left without work this long exits: one that has made a large variant keeps much of what it
 * took (up to RECYCLE_ABOVE_BYTES) for as long as it lives, beside the server. Starting one again costs
 * a fraction of a second of CPU, at the encoders' lower priority.
 */
const IDLE_MS = 10_000;
/** A process is replaced after this many jobs: what libvips and the allocator keep cannot grow for weeks. */
const JOBS_PER_PROCESS = 200;
/**
 * A process that holds more than this after a job is replaced rather than given the next: what a large
 * source's decode and encode took stays resident in the allocator's free lists otherwise, for as long as
 * the process lives. A process that has just loaded sharp holds about half of it.
 */
const RECYCLE_ABOVE_BYTES = 128 * 1024 * 1024;
/**
 * How often a working process's memory is read against `maxPrivateBytes`. Drawing and encoding take
 * their memory a surface at a time (15 MB for a 1920 px square): a bound read this often is passed by a
 * few of them at most before the process is killed.
 */
const MEMORY_CHECK_MS = 50;
/** libvips holds the pixels outside the JavaScript heap: the child's heap holds messages only. */
const CHILD_ARGS = ['--max-old-space-size=64'];
/**
 * glibc's malloc gives every thread that allocates an arena of its own (up to eight per core) and an
 * arena keeps the pages of its busiest moment: libuv's workers, which take turns at sharp's jobs, and
 * libaom's encoder threads would each keep a copy of an encode's peak. One arena keeps one (sharp's docs
 * advise jemalloc or fewer arenas on glibc); there is a single job per process, so no lock is contended.
 * Other C libraries ignore the variable.
 */
const CHILD_ENV = { MALLOC_ARENA_MAX: '1' };

/**
 * Encoders run this much nicer than the server. A variant is made once and then read from disk, while a
 * page is waited for by a visitor: when both want the CPU (a burst of cold variants, a hostile source
 * taking its whole time limit), the kernel gives it to the server's event loop first. Not 19, the least:
 * that held the servers' event loops better while three encoders drew the soak's pathological SVG on two
 * cores, but on a host whose CPU other work took, the encoders then hardly ran, the image queue filled and
 * images were answered 503 (docs/performance.md, "Measurements that decided a design").
 */
export const ENCODER_NICENESS = 10;
const LOWEST_PRIORITY = 19;
const encoderNice = () => Math.min(LOWEST_PRIORITY, getPriority() + ENCODER_NICENESS);

function lowerPriority(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    setPriority(child.pid, encoderNice());
  } catch {
    // Not permitted (a hardened container) or already gone: the encoder runs at the server's priority.
  }
}

type Job = { op: 'inspect'; bytes: Buffer } | { op: 'encode'; bytes: Buffer; source: SourceImage; width: Size; target: Target; shareCrop: typeof SHARE_CROP };

/** Every answer to a job carries the process's resident memory (bytes) once the job is done. */
type Reply = { ready: true } | ({ id: number; rss: number } & ({ result: unknown } | { refused: { reason: string; detail: string } } | { error: string }));

interface Pending {
  id: number;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

interface Worker {
  child: ChildProcess;
  /** Settled once the process has loaded sharp; rejected if it ends before. */
  ready: Promise<void>;
  failStart: (error: Error) => void;
  jobs: number;
  /** Resident bytes the process reported with its last answer. */
  rss: number;
  current: Pending | null;
  idleTimer?: NodeJS.Timeout;
}

export class Encoder {
  private readonly idle: Worker[] = [];
  private readonly live = new Set<Worker>();
  private readonly script: URL;
  private nextId = 1;
  /**
   * Jobs that ran out of time or memory (their process killed), processes started, and processes
   * replaced for what they kept after a job: for /metrics and tests.
   */
  readonly stats = { timeouts: 0, memoryKills: 0, processesStarted: 0, recycledForMemory: 0 };

  constructor(private readonly options: EncoderOptions) {
    this.script = options.script ?? new URL('./encoder-process.mjs', import.meta.url);
  }

  /** The ids of the encoder processes alive now (tests check that a killed one is gone). */
  get pids(): number[] {
    return [...this.live].flatMap((worker) => (worker.child.pid ? [worker.child.pid] : []));
  }

  /** What the header says; refuses what is not an accepted image, or too large to decode. */
  async inspect(bytes: Buffer): Promise<SourceImage> {
    return (await this.run({ op: 'inspect', bytes })) as SourceImage;
  }

  /**
   * The variant `width` pixels wide (never wider than a raster source), or the share crop, in the target
   * format, oriented, without metadata (encoder-process.mjs has the recipe).
   */
  async encode(bytes: Buffer, source: SourceImage, width: Size, target: Target): Promise<Encoded> {
    const encoded = (await this.run({ op: 'encode', bytes, source, width, target, shareCrop: SHARE_CROP })) as Encoded & { bytes: Uint8Array };
    // Structured clone hands a Buffer over as a plain Uint8Array.
    return { ...encoded, bytes: Buffer.from(encoded.bytes.buffer, encoded.bytes.byteOffset, encoded.bytes.byteLength) };
  }

  /** Ends every process (a stopping server, a test's end). */
  close(): void {
    for (const worker of this.live) this.end(worker, new Error('encoder closed'));
  }

  private async run(job: Job): Promise<unknown> {
    const worker = this.idle.pop() ?? this.start();
    clearTimeout(worker.idleTimer);
    worker.child.channel?.ref();
    let timer = setTimeout(() => this.end(worker, new Refused('failed', 'encoder process did not start')), START_TIMEOUT_MS);
    let watch: NodeJS.Timeout | undefined;
    try {
      await worker.ready;
      clearTimeout(timer);
      timer = setTimeout(() => {
        this.stats.timeouts++;
        this.end(worker, new Refused('too-slow', `took longer than ${this.options.timeoutMs} ms: encoder process killed`));
      }, this.options.timeoutMs);
      watch = this.watchMemory(worker);
      const id = this.nextId++;
      return await new Promise((resolve, reject) => {
        worker.current = { id, resolve, reject };
        worker.child.send({ id, ...job });
      });
    } finally {
      clearTimeout(timer);
      clearInterval(watch);
      worker.current = null;
      this.release(worker);
    }
  }

  /** Kills the process once it holds more of its own than `maxPrivateBytes` while it works. */
  private watchMemory(worker: Worker): NodeJS.Timeout | undefined {
    const bound = this.options.maxPrivateBytes;
    const pid = worker.child.pid;
    if (bound === undefined || pid === undefined) return undefined;
    const watch = setInterval(() => {
      const held = privateResidentBytes(pid);
      if (held === null || held <= bound) return;
      this.stats.memoryKills++;
      this.end(
        worker,
        new Refused('too-large', `held ${megabytes(held)} MB of its own, more than its bound of ${megabytes(bound)} MB: encoder process killed`),
      );
    }, MEMORY_CHECK_MS);
    watch.unref();
    return watch;
  }

  private start(): Worker {
    const child = fork(this.script, [String(encoderNice())], {
      execArgv: CHILD_ARGS,
      env: { ...process.env, ...CHILD_ENV },
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      // A session of its own. Where Linux shares the CPU between sessions first (autogroups: a host
      // without a container's cgroup, as the soak runs), a nice value counts only within a session, and
      // an encoder in the server's would take the server's whole share from the other processes on the
      // host; in its own, the encoder lowers that session's priority (encoder-process.mjs). It still
      // ends with the server (its IPC channel) and ignores signals sent to the server's process group.
      detached: true,
    });
    this.stats.processesStarted++;
    lowerPriority(child);
    // Neither keeps the server alive: a stopping server does not wait for an idle encoder.
    child.unref();
    let started!: () => void;
    let failStart!: (error: Error) => void;
    const ready = new Promise<void>((resolve, reject) => ((started = resolve), (failStart = reject)));
    // A failed start is the waiting job's error; nobody else awaits it.
    ready.catch(() => undefined);
    const worker: Worker = { child, ready, failStart, jobs: 0, rss: 0, current: null };
    this.live.add(worker);
    child.on('message', (reply: Reply) => {
      if ('ready' in reply) return started();
      const pending = worker.current;
      if (!pending || pending.id !== reply.id) return;
      worker.rss = reply.rss;
      if ('result' in reply) pending.resolve(reply.result);
      else if ('refused' in reply) pending.reject(new Refused(categoryOf(reply.refused.reason), reply.refused.detail));
      else pending.reject(new Refused('failed', reply.error));
    });
    child.on('error', (error) => this.end(worker, new Refused('failed', `encoder process: ${error.message}`)));
    child.on('exit', (code, signal) => this.end(worker, new Refused('failed', `encoder process exited (${signal ?? code})`)));
    return worker;
  }

  /** Back to the idle list when it is fit for more work, with a timer to end it if none comes. */
  private release(worker: Worker): void {
    if (!this.live.has(worker)) return;
    worker.jobs++;
    if (worker.jobs >= JOBS_PER_PROCESS) return this.end(worker, null);
    if (worker.rss > (this.options.recycleAboveBytes ?? RECYCLE_ABOVE_BYTES)) {
      this.stats.recycledForMemory++;
      return this.end(worker, null);
    }
    worker.child.channel?.unref();
    worker.idleTimer = setTimeout(() => this.end(worker, null), IDLE_MS);
    worker.idleTimer.unref();
    this.idle.push(worker);
  }

  /** Kills the process (at once: what it does cannot be finished usefully) and fails its job, if any. */
  private end(worker: Worker, error: Error | null): void {
    if (!this.live.delete(worker)) return;
    clearTimeout(worker.idleTimer);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    worker.child.kill('SIGKILL');
    const reason = error ?? new Refused('failed', 'encoder process ended');
    worker.failStart(reason);
    worker.current?.reject(reason);
  }
}

/**
 * The resident memory a process holds of its own (RssAnon: libvips's pixels, the allocator's arenas, its
 * heap), which is what it adds to the replica: its code pages are node's and sharp's, shared with the
 * server. Null without /proc (not Linux) or once the process is gone.
 */
function privateResidentBytes(pid: number): number | null {
  try {
    const kb = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? null : Number(kb) * 1024;
  } catch {
    return null;
  }
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

function categoryOf(reason: string): FallbackReason {
  return (FALLBACK_REASONS as readonly string[]).includes(reason) ? (reason as FallbackReason) : 'failed';
}
