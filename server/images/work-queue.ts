/** Thrown when the queue is full: the endpoint answers 503 with Retry-After. */
export class Busy extends Error {
  override name = 'Busy';
}

/**
 * At most `concurrency` tasks at once and `maxQueued` waiting; past that, `run` throws Busy at once
 * rather than let a burst of cold variants pile up memory and latency.
 */
export class WorkQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    private readonly maxQueued: number,
  ) {}

  get stats(): { running: number; queued: number } {
    return { running: this.running, queued: this.waiting.length };
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running++;
    else if (this.waiting.length < this.maxQueued) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new Busy('too many images being made');
    try {
      return await task();
    } finally {
      // The slot passes straight to the next task waiting, if any.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
