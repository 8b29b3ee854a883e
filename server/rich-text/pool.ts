/**
 * Runs the sanitiser (sanitize-worker.mjs) on its own thread, one field at a time, each with a time
 * limit: a field that takes longer ends the thread (the only way to stop a synchronous parse) and a new
 * one starts for the next field. On Linux the limit counts the CPU time the thread used on the field
 * (thread-cpu.ts), within a longer bound of wall time: on a busy host a field is not failed because
 * the kernel gave the CPU to others (the main thread answering pages among them). The thread also ends after a quiet spell, which gives jsdom's heap (tens
 * of MB; `npm run bench:memory` shows the process's RSS) back until rich text arrives again (the data cache keeps sanitised results, so that is rare).
 */
import { Worker } from 'node:worker_threads';
import { threadCpuMs } from './thread-cpu';

export class SanitizeTimeout extends Error {
  override name = 'SanitizeTimeout';
}

export interface SanitizerPoolOptions {
  /** The worker script; tests give one that misbehaves. */
  workerUrl?: URL;
  /** Longest one field may take once the thread has it: CPU time of the thread where it can be read. */
  taskTimeoutMs?: number;
  /** Longest one field may take on the wall clock, however little CPU the thread was given. */
  taskWallLimitMs?: number;
  /** The thread ends after this long without work. */
  idleMs?: number;
}

interface Task {
  id: number;
  /** When the thread got it: wall clock, and the thread's CPU time (null where it cannot be read). */
  startedAt?: number;
  cpuAtStart?: number | null;
  html: string;
  base: string;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

type Reply = { ready: true; tid?: number | null } | { id: number; html: string } | { id: number; error: string };

export const SANITIZE_TIMEOUT_MS = 5_000;
/** A starved thread's field is failed after this long all the same: pages wait for it. */
const WALL_LIMIT_FACTOR = 4;
/**
 * The thread's heap: jsdom and one field at a time fit in far less, and a small young generation keeps
 * RSS down (the main thread's is larger: its renders make short-lived garbage, collected less often).
 * A field that needs more ends the thread (ERR_WORKER_OUT_OF_MEMORY) and is shown as plain text, like
 * one that takes too long.
 */
const WORKER_HEAP = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };
export const SANITIZER_IDLE_MS = 30_000;

export class SanitizerPool {
  private worker: Worker | null = null;
  private ready = false;
  private current: Task | null = null;
  private readonly queue: Task[] = [];
  private nextId = 1;
  private taskTimer: NodeJS.Timeout | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly workerUrl: URL;
  private readonly taskTimeoutMs: number;
  private readonly taskWallLimitMs: number;
  /** The running thread's kernel id, where it could tell it. */
  private threadId: number | null = null;
  private readonly idleMs: number;
  /** Fields that ran out of time, and threads started, for /healthz and tests. */
  readonly stats = { timeouts: 0, failures: 0, threadsStarted: 0, done: 0 };

  constructor(options: SanitizerPoolOptions = {}) {
    this.workerUrl = options.workerUrl ?? new URL('./sanitize-worker.mjs', import.meta.url);
    this.taskTimeoutMs = options.taskTimeoutMs ?? SANITIZE_TIMEOUT_MS;
    this.taskWallLimitMs = options.taskWallLimitMs ?? this.taskTimeoutMs * WALL_LIMIT_FACTOR;
    this.idleMs = options.idleMs ?? SANITIZER_IDLE_MS;
  }

  /**
   * Whether the thread is alive: it holds jsdom (about 50 MB of the process's memory, docs/performance.md)
   * from the first field after a quiet spell until the next quiet spell.
   */
  get threadRunning(): boolean {
    return this.worker !== null;
  }

  /** Fields waiting or being sanitised. */
  get pending(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  /** Sanitised HTML; rejects with SanitizeTimeout past the time limit, or with the sanitiser's error. */
  sanitize(html: string, base: string): Promise<string> {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, html, base, resolve, reject });
      clearTimeout(this.idleTimer);
      this.dispatch();
    });
  }

  /** Ends the thread; queued fields fail. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const error = new Error('sanitizer closed');
    for (const task of this.queue.splice(0)) task.reject(error);
    this.settle(null, error);
    await this.stop();
  }

  private dispatch(): void {
    if (this.current || this.queue.length === 0) return;
    if (!this.worker) this.start();
    if (!this.ready) return;
    const task = this.queue.shift()!;
    this.current = task;
    task.startedAt = Date.now();
    task.cpuAtStart = this.threadId === null ? null : threadCpuMs(this.threadId);
    this.taskTimer = setTimeout(() => this.timeOut(task), this.taskTimeoutMs);
    this.worker!.postMessage({ id: task.id, html: task.html, base: task.base });
  }

  private start(): void {
    const worker = new Worker(this.workerUrl, { resourceLimits: WORKER_HEAP });
    // The thread never keeps the process alive: a stopping server does not wait for it.
    worker.unref();
    this.worker = worker;
    this.ready = false;
    this.threadId = null;
    this.stats.threadsStarted++;
    worker.on('message', (reply: Reply) => {
      if (worker !== this.worker) return;
      if ('ready' in reply) {
        this.ready = true;
        this.threadId = reply.tid ?? null;
      } else if (this.current?.id === reply.id) {
        if ('error' in reply) {
          this.stats.failures++;
          this.settle(null, new Error(reply.error));
        } else {
          this.stats.done++;
          this.settle(reply.html, null);
        }
      }
      this.next();
    });
    const lost = (error: Error) => {
      if (worker !== this.worker) return;
      const booted = this.ready;
      this.worker = null;
      this.ready = false;
      this.stats.failures++;
      this.settle(null, error);
      // A thread that cannot even start would fail the same way again: fail what waits instead of looping.
      if (!booted) for (const task of this.queue.splice(0)) task.reject(error);
      this.next();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`sanitizer thread exited with code ${code}`)));
  }

  private timeOut(task: Task): void {
    if (this.current !== task) return;
    const left = this.timeLeft(task);
    if (left > 0) {
      this.taskTimer = setTimeout(() => this.timeOut(task), left);
      return;
    }
    this.stats.timeouts++;
    this.settle(null, new SanitizeTimeout(`sanitising took longer than ${this.taskTimeoutMs} ms`));
    void this.stop().then(() => this.next());
  }

  /** How much longer the field may take: what is left of its CPU time, within the wall-clock bound. */
  private timeLeft(task: Task): number {
    const cpuAtStart = task.cpuAtStart;
    const cpuNow = this.threadId === null || cpuAtStart == null ? null : threadCpuMs(this.threadId);
    if (cpuNow === null || cpuAtStart == null) return 0;
    const wallLeft = this.taskWallLimitMs - (Date.now() - task.startedAt!);
    return Math.min(this.taskTimeoutMs - (cpuNow - cpuAtStart), wallLeft);
  }

  private settle(html: string | null, error: Error | null): void {
    const task = this.current;
    if (!task) return;
    clearTimeout(this.taskTimer);
    this.current = null;
    if (error) task.reject(error);
    else task.resolve(html!);
  }

  private next(): void {
    if (this.queue.length > 0) {
      this.dispatch();
      return;
    }
    if (!this.current && this.worker) {
      clearTimeout(this.idleTimer);
      this.idleTimer = setTimeout(() => void this.stop(), this.idleMs);
      this.idleTimer.unref();
    }
  }

  private async stop(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    if (worker) await worker.terminate();
  }
}
