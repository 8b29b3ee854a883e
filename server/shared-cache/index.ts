/**
 * Replicas sharing their caches through Redis (REDIS_URL): the data cache's second level, purges that
 * reach every replica, and a check of everything held after a lost subscription. Unset, none of this
 * exists and a process keeps its own caches, as a single replica always did.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger';
import { SharedEvents } from './events';
import { batchOf, merged, type PurgeBatch, type PurgeScope } from './purge-batch';
import { SharedImageFacts } from './image-facts';
import { RedisLink } from './redis-link';
import { refusalLog } from './refusals';
import { Seal } from './seal';
import { RedisSecondLevel } from './second-level';

export type { PurgeBatch, PurgeScope };

export interface SharedTierOptions {
  url: string;
  timeoutMs: number;
  build: string;
  /** Key of the HMAC on everything replicas read from each other (REDIS_SIGNING_KEY), the same on every replica. */
  signingKey: string;
  /** Entry lifetime in Redis: the data cache's fresh plus stale time. */
  entryMs: number;
  /** Lock lifetime: the backend timeout and a margin, past which a crashed holder's claim lapses. */
  lockMs: number;
  logger: Logger;
  /** Drops what a purge names from this replica's own caches. */
  applyPurge: (batch: PurgeBatch) => void;
  /** Marks everything this replica holds for checking again (a purge may have been missed). */
  resync: () => void;
}

/** How often a purge Redis did not take (down, or too slow to answer) is sent again while it is kept. */
const RESEND_EVERY_MS = 1000;

interface AskedPurge {
  batch: PurgeBatch;
  answer: (reach: 'sent' | 'pending') => void;
}

export interface PurgeStats {
  /** Purges asked of this replica (the purge endpoint). */
  asked: number;
  /** Rounds that applied them here and sent them to Redis: fewer than `asked` when purges merged. */
  batches: number;
  /** Purge messages from other replicas, and the passes over this replica's caches they cost. */
  received: number;
  receivedBatches: number;
  /** Kept purges sent again once Redis took them. */
  resent: number;
}

export class SharedTier {
  readonly link: RedisLink;
  readonly level: RedisSecondLevel;
  /** What replicas learnt of image sources (image-facts.ts). */
  readonly imageFacts: SharedImageFacts;
  /** The replicas' channel, signed and bounded (events.ts). */
  readonly events: SharedEvents;
  /** For logs, /healthz and Redis's CLIENT LIST (connections named site:<replica>:cmd and :sub). */
  readonly replica = randomBytes(6).toString('base64url');
  readonly purges: PurgeStats = { asked: 0, batches: 0, received: 0, receivedBatches: 0, resent: 0 };
  /** Asked here and not applied yet: they merge while a batch is on its way to Redis. */
  private asked: AskedPurge[] = [];
  /** Applied here, not yet taken by Redis: sent again until it is. */
  private pending: PurgeBatch | null = null;
  private sending = false;
  private resendTimer: NodeJS.Timeout | null = null;
  private receivedBatch: PurgeBatch[] = [];

  constructor(private readonly options: SharedTierOptions) {
    const { url, timeoutMs, logger, build, lockMs, entryMs, signingKey } = options;
    this.link = new RedisLink({ url, timeoutMs, logger, replica: this.replica });
    const seal = new Seal(signingKey);
    this.events = new SharedEvents(this.link, seal);
    const { link, events, replica } = this;
    const onRefused = refusalLog(logger);
    this.level = new RedisSecondLevel({ link, events, seal, replica, build, lockMs, entryMs, onRefused });
    this.imageFacts = new SharedImageFacts({ link, events, seal, build, replica, onRefused });
    this.level.onPurge((batch) => this.receive(batch));
    this.link.onResync(() => {
      options.resync();
      options.logger.warn('purge channel was lost: every cached entry is checked again on its next read');
    });
    this.link.onReady(() => this.send());
  }

  /**
   * Purges this replica's caches at once, then Redis and every other replica, then this replica's once
   * more (what it read from Redis meanwhile may be what was purged). Resolves 'sent', or
   * 'pending' when Redis did not take it: the purge is kept and sent again until Redis does.
   */
  purge(scope: PurgeScope): Promise<'sent' | 'pending'> {
    this.purges.asked++;
    return new Promise((answer) => {
      this.asked.push({ batch: batchOf(scope), answer });
      this.send();
    });
  }

  get health() {
    const pending = this.pending ? this.pending.prefixes.length + this.pending.keys.length : 0;
    return {
      replica: this.replica,
      build: this.options.build,
      ...this.link.health,
      pendingPurges: pending,
      // Data entries, locks and image facts alike: someone else writes into Redis, or the replicas disagree on the key.
      rejectedEntries: this.level.rejectedEntries + this.imageFacts.rejected,
      // Messages on site:events dropped unread: someone else publishes there, or the replicas disagree on the key.
      rejectedMessages: this.events.rejected,
      purges: { ...this.purges },
    };
  }

  close(): Promise<void> {
    if (this.resendTimer) clearTimeout(this.resendTimer);
    return this.link.close();
  }

  /** One sender at a time, so that a kept purge is never sent twice at once nor dropped by a race. */
  private send(): void {
    if (this.sending) return;
    this.sending = true;
    void this.drain()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'purge could not be applied'))
      .finally(() => {
        this.sending = false;
        if (this.asked.length) this.send();
      });
  }

  private async drain(): Promise<void> {
    while (this.asked.length || (this.pending && this.link.up)) {
      const asked = this.asked.splice(0);
      const batch = merged(asked.map((purge) => purge.batch));
      if (asked.length) {
        this.purges.batches++;
        this.options.applyPurge(batch);
      }
      const kept = this.pending;
      const outgoing = merged(kept ? [kept, batch] : [batch]);
      const sent = await this.level.purge(outgoing);
      for (const purge of asked) purge.answer(sent ? 'sent' : 'pending');
      if (!sent) {
        this.pending = outgoing;
        this.resendLater();
        return;
      }
      // Once more now that Redis holds nothing the purge names: a read here between the first pass and
      // Redis's side of the purge took the old entry from Redis (another replica's fill) and kept it.
      this.options.applyPurge(outgoing);
      this.pending = null;
      if (kept) {
        this.purges.resent++;
        this.options.logger.info({ ...kept }, 'purge kept while redis did not take it sent to every replica');
      }
    }
  }

  private resendLater(): void {
    if (this.resendTimer) return;
    this.resendTimer = setTimeout(() => {
      this.resendTimer = null;
      if (this.link.up) this.send();
    }, RESEND_EVERY_MS);
    this.resendTimer.unref();
  }

  /** Purges from other replicas that arrive together are applied in one pass. */
  private receive(batch: PurgeBatch): void {
    this.purges.received++;
    this.receivedBatch.push(batch);
    if (this.receivedBatch.length > 1) return;
    setImmediate(() => {
      const all = merged(this.receivedBatch.splice(0));
      this.purges.receivedBatches++;
      this.options.applyPurge(all);
      this.options.logger.info({ ...all }, 'cache purged by another replica');
    });
  }
}
