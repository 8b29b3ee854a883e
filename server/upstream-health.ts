/**
 * What /healthz and /readyz say about the backend, learnt from the outcomes of the upstream calls the
 * data cache makes anyway (DataCache's onUpstream): neither endpoint ever calls the backend itself, so
 * an orchestrator probing them cannot load it or wait on its timeout.
 */
import { EMBEDDED_STUDENT_LIFE_PATH } from './backend';
import type { Config } from './config';

/** The data cache's outcome of one call: 'ok', 'not-found', or why it failed. */
type Outcome = string;

export class UpstreamHealth {
  private lastAnswer: number | null = null;
  private failingSince: number | null = null;

  constructor(
    private readonly config: Pick<Config, 'backendUrl' | 'studentLifePath'>,
    private readonly now: () => number = Date.now,
  ) {}

  record(path: string, outcome: Outcome): void {
    if (!this.fromBackend(path)) return;
    // A 404 is the backend answering; 'aborted' means every visitor left, which says nothing about it.
    if (outcome === 'ok' || outcome === 'not-found') {
      this.lastAnswer = this.now();
      this.failingSince = null;
    } else if (outcome !== 'aborted') {
      this.failingSince ??= this.now();
    }
  }

  /**
   * A fresh entry another replica fetched from the backend, taken from Redis: this replica has data to
   * show, so it is ready, though it never called the backend itself (a replica started beside warm ones
   * may never need to). Says nothing of whether the backend is failing now.
   */
  sharedData(path: string): void {
    if (this.fromBackend(path)) this.lastAnswer ??= this.now();
  }

  /** 'ok', 'failing since <ISO time>' (the first failure after the last answer), or 'no answer yet'. */
  get upstream(): string {
    if (!this.config.backendUrl) return 'ok';
    if (this.failingSince !== null) return `failing since ${new Date(this.failingSince).toISOString()}`;
    return this.lastAnswer === null ? 'no answer yet' : 'ok';
  }

  /**
   * Ready once the backend has answered at least once: before that every page would say its data could
   * not be loaded. Afterwards the data cache serves stale data through failures, so it stays ready.
   */
  get ready(): boolean {
    return !this.config.backendUrl || this.lastAnswer !== null;
  }

  /**
   * With a backend, the student-life gallery still comes from the embedded content unless
   * STUDENT_LIFE_PATH is set (createSource in server/backend): its answers say nothing about the backend.
   */
  private fromBackend(path: string): boolean {
    if (!this.config.backendUrl) return false;
    return Boolean(this.config.studentLifePath) || path !== EMBEDDED_STUDENT_LIFE_PATH;
  }
}
