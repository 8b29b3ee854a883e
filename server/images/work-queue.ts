/** Thrown when the queue is full: the caller sheds the work (an image variant: the default image). */
export class Busy extends Error {
  override name = 'Busy';
}

interface Waiting {
  key: string | undefined;
  start: () => void;
}

/**
 * At most `concurrency` tasks at once and `maxQueued` waiting; past that, `run` throws Busy at once
 * rather than let a burst of cold variants pile up memory and latency. Tasks given the same `key` run
 * one after another: the variants of one source then take one slot, however slow that source is, and
 * each starts knowing how the one before it ended.
 */
export class WorkQueue {
  private running = 0;
  private readonly runningKeys = new Set<string>();
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {}

  get stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>, key?: string): Promise<T> {
    // Whatever waits is held by a full queue or by its key (startNext leaves nothing startable waiting).
    if (this.canStart(key)) this.enter(key);
    else if (this.waiting.length < this.maxQueued) await new Promise<void>((start) => this.waiting.push({ key, start }));
    else throw new Busy('too many images being made');
    try {
      return await task();
    } finally {
      this.leave(key);
      this.startNext();
    }
  }

  private canStart(key: string | undefined): boolean {
    return this.running < this.concurrency && (key === undefined || !this.runningKeys.has(key));
  }

  private enter(key: string | undefined): void {
    this.running++;
    if (key !== undefined) this.runningKeys.add(key);
  }

  private leave(key: string | undefined): void {
    this.running--;
    if (key !== undefined) this.runningKeys.delete(key);
  }

  /** Waiting tasks whose key is not running take the free slots, first come, first served. */
  private startNext(): void {
    for (let index = 0; index < this.waiting.length && this.running < this.concurrency;) {
      const next = this.waiting[index]!;
      if (!this.canStart(next.key)) {
        index++;
        continue;
      }
      this.waiting.splice(index, 1);
      this.enter(next.key);
      next.start();
    }
  }
}
