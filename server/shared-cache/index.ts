/**
 * Replicas sharing their caches through Redis (REDIS_URL): the data cache's second level, purges that
 * reach every replica, and a check of everything held after a lost subscription. Unset, none of this
 * exists and a process keeps its own caches, as a single replica always did.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger';
import { RedisLink } from './redis-link';
import { RedisSecondLevel } from './second-level';

export type PurgeScope = { prefix: string } | { keys: string[] };

export interface SharedTierOptions {
  url: string;
  timeoutMs: number;
  build: string;
  /** Entry lifetime in Redis: the data cache's fresh plus stale time. */
  entryMs: number;
  /** Lock lifetime: the backend timeout and a margin, past which a crashed holder's claim lapses. */
  lockMs: number;
  logger: Logger;
  /** Drops what a purge names from this replica's own caches. */
  applyPurge: (scope: PurgeScope) => void;
  /** Marks everything this replica holds for checking again (a purge may have been missed). */
  resync: () => void;
}

/** Purges kept while Redis was unreachable, sent again once it is back; past this many, one purge of everything. */
const MAX_PENDING = 100;

export class SharedTier {
  readonly link: RedisLink;
  readonly level: RedisSecondLevel;
  /** For logs, /healthz and Redis's CLIENT LIST (connections named site:<replica>:cmd and :sub). */
  readonly replica = randomBytes(6).toString('base64url');
  private pending: PurgeScope[] = [];

  constructor(private readonly options: SharedTierOptions) {
    const { url, timeoutMs, logger, build, lockMs, entryMs } = options;
    this.link = new RedisLink({ url, timeoutMs, logger, replica: this.replica });
    this.level = new RedisSecondLevel({ link: this.link, replica: this.replica, build, lockMs, entryMs });
    this.level.onPurge((scope) => {
      options.applyPurge(scope);
      options.logger.info({ ...scope }, 'cache purged by another replica');
    });
    this.link.onResync(() => {
      options.resync();
      options.logger.warn('purge channel was lost: every cached entry is checked again on its next read');
    });
    this.link.onReady(() => void this.sendPending());
  }

  /**
   * Purges this replica's caches at once, then Redis and every other replica. Resolves 'sent', or
   * 'pending' when Redis is unreachable: the purge is kept and sent when it is back.
   */
  async purge(scope: PurgeScope): Promise<'sent' | 'pending'> {
    this.options.applyPurge(scope);
    if (await this.level.purge(scope)) return 'sent';
    this.keep(scope);
    return 'pending';
  }

  get health() {
    return { replica: this.replica, build: this.options.build, ...this.link.health, pendingPurges: this.pending.length };
  }

  close(): Promise<void> {
    return this.link.close();
  }

  private keep(scope: PurgeScope): void {
    if (this.pending.length >= MAX_PENDING) this.pending = [{ prefix: '' }];
    else this.pending.push(scope);
  }

  private async sendPending(): Promise<void> {
    while (this.pending.length > 0) {
      const scope = this.pending[0]!;
      if (!(await this.level.purge(scope))) return;
      this.pending.shift();
      this.options.logger.info({ ...scope }, 'purge kept during the redis outage sent to every replica');
    }
  }
}
