/**
 * The process is stopping (server/index.ts): every wait a request makes on something slow (a page's
 * data, an image's encode, the first search catalogue) ends within STOPPING_WAIT_MS, so that each answer
 * is out well inside the shutdown's grace. An answer the process's exit cuts off is, to the proxy in
 * front, a replica that failed: nginx tries the request on the next replica and counts the failure
 * against this one, and in a rolling restart the next replica is the one stopping after it. Some of these
 * waits are longer than the grace (IMAGE_WAIT_S, CRAWLER_WAIT_MS: 20 s each) and a busy machine reaches
 * them.
 */
import { within } from './within';

export const STOPPING_WAIT_MS = 1_000;

export class Stopping {
  private readonly controller = new AbortController();
  private begun = false;

  /** Aborts STOPPING_WAIT_MS after `begin()`: the waits under way end then. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** A wait that starts now lasts `ms`, or at most STOPPING_WAIT_MS once the process is stopping. */
  bound(ms: number): number {
    return this.begun ? Math.min(ms, STOPPING_WAIT_MS) : ms;
  }

  /** `promise`'s value, or null once the wait is over: `ms`, or sooner once the process stops. */
  within<T>(promise: Promise<T>, ms: number): Promise<T | null> {
    return within(promise, this.bound(ms), this.signal);
  }

  begin(): void {
    if (this.begun) return;
    this.begun = true;
    setTimeout(() => this.controller.abort(), STOPPING_WAIT_MS).unref();
  }
}
