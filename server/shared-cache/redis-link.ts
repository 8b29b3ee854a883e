/**
 * The two Redis connections a replica holds (commands; the purge channel's subscription, which
 * blocks its connection) and what /healthz and the metrics say about them. Redis is an accelerator
 * here, never a dependency: no offline queue (a command while disconnected fails at once), every
 * command bounded by REDIS_TIMEOUT_MS, reconnection forever in the background, an outage logged once
 * when it starts and once when it ends.
 *
 * "Reachable" means answering, not connected: a Redis that accepts connections and never answers (a
 * stopped process, a silent proxy) must cost no more than one timeout. So every wait here has a bound:
 * each command (`bounded`), the first connection attempt (`settled`), ioredis's ready check (which has
 * none of its own), the subscription, and a heartbeat on both connections that drops one that stopped
 * answering.
 *
 * A subscription lost again and again soon after it was made (anyone who can PUBLISH a message larger
 * than Redis's output buffer limit for pub/sub clients makes Redis drop every subscriber at once) is
 * made again later each time, from the third loss on: 1 s, then twice as long, up to a minute, until one
 * has lasted a minute. Each loss costs a resync (every entry held is checked again); meanwhile the
 * replica serves from its own memory and the backend, as during an outage.
 *
 * Every bound is judged after the event loop has read what arrived meanwhile: a replica busy rendering
 * a page for longer than REDIS_TIMEOUT_MS would otherwise find its timer due before the answer Redis
 * sent in time, count the call as failed, and go to the backend for an entry its peers hold (or store
 * nothing for them).
 */
import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger';

export interface RedisLinkOptions {
  url: string;
  /** This replica's id: its connections are named site:<id>:cmd and site:<id>:sub in CLIENT LIST. */
  replica: string;
  timeoutMs: number;
  logger: Logger;
}

export interface RedisHealth {
  state: 'up' | 'down';
  /** When the current outage began (ISO), or null while up. */
  downSince: string | null;
  outages: number;
  commandErrors: number;
  resyncs: number;
  /** Connections dropped because Redis stopped answering on them (heartbeat or ready check). */
  unresponsive: number;
  /** Why the purge channel cannot be subscribed to (an ACL without channel rights), or null. */
  subscribeError: string | null;
}

/** ioredis statuses of a connection still on its first attempt (a failed one goes to 'reconnecting'). */
const FIRST_ATTEMPT = new Set(['wait', 'connecting', 'connect', 'ready']);

/** Reconnect quickly after a blip, at most once a second during an outage. */
const retryStrategy = (attempt: number) => Math.min(50 * attempt, 1000);

/** A subscription that lasted this long was not lost to a storm: the next loss is reconnected at once. */
const STABLE_SUBSCRIPTION_MS = 60_000;
/** Losses in a row (each sooner than STABLE_SUBSCRIPTION_MS) reconnected at once, before the pauses begin. */
const QUICK_LOSSES = 2;
const FIRST_PAUSE_MS = 1_000;
const LONGEST_PAUSE_MS = 60_000;

/** How often each connection is asked to answer, and a missed subscription tried again. */
const HEARTBEAT_MS = 1000;

export class RedisLink {
  readonly command: Redis;
  readonly subscriber: Redis;
  readonly health: RedisHealth = {
    state: 'down',
    downSince: new Date().toISOString(),
    outages: 0,
    commandErrors: 0,
    resyncs: 0,
    unresponsive: 0,
    subscribeError: null,
  };
  /** Each channel's listeners: one subscription per channel, whoever listens to it. */
  private readonly subscriptions = new Map<string, Set<(message: Buffer) => void>>();
  private readonly resyncListeners = new Set<() => void>();
  private readonly readyListeners = new Set<() => void>();
  /** Set once the subscription has been lost: whatever was published meanwhile never arrives. */
  private missedMessages = false;
  /** Every channel subscribed on the subscriber's current connection. */
  private subscribed = false;
  /** When the subscriber's current connection subscribed (performance.now()), or null before it has. */
  private subscribedAt: number | null = null;
  /** Subscriptions lost in a row, each sooner than STABLE_SUBSCRIPTION_MS after it was made. */
  private quickLosses = 0;
  /** How long a connection may take to connect and pass its ready check, or to answer a heartbeat. */
  private readonly answerWithinMs: number;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly watches = new Map<Redis, NodeJS.Timeout>();
  private readonly firstAttempt: NodeJS.Timeout;
  private announced: 'up' | 'down' | null = null;
  /** Settles when the first connection attempt has succeeded or failed. */
  readonly settled: Promise<void>;
  private settle = () => {};

  constructor(private readonly options: RedisLinkOptions) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
    this.answerWithinMs = Math.max(1000, options.timeoutMs * 4);
    const common: RedisOptions = {
      connectTimeout: this.answerWithinMs,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy,
      // ioredis's own reconnect-on-error, ready check and resubscription are replaced by `onReady`,
      // which knows that a lost subscription may have missed a purge.
      autoResubscribe: false,
      lazyConnect: true,
    };
    // No commandTimeout: ioredis's timer would fire before an answer that arrived while the loop was busy.
    this.command = new Redis(options.url, { ...common, connectionName: `site:${options.replica}:cmd` });
    this.subscriber = new Redis(options.url, {
      ...common,
      connectionName: `site:${options.replica}:sub`,
      retryStrategy: (attempt) => (attempt === 1 ? Math.max(retryStrategy(attempt), this.pauseAfterLoss()) : retryStrategy(attempt)),
    });
    // An 'error' event without a listener would crash the process; the state changes say it all.
    this.command.on('error', () => {});
    this.subscriber.on('error', () => {});
    this.command.on('ready', () => this.changed());
    this.command.on('close', () => this.changed());
    this.subscriber.on('ready', () => void this.onSubscriberReady());
    this.subscriber.on('close', () => {
      this.missedMessages = true;
      this.subscribed = false;
      this.changed();
    });
    for (const redis of [this.command, this.subscriber]) {
      redis.on('connect', () => this.watch(redis, () => redis.status === 'ready'));
      redis.on('ready', () => this.unwatch(redis));
      redis.on('close', () => this.unwatch(redis));
    }
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_MS).unref();
    // A first attempt that neither succeeds nor fails (no answer at all) ends here: the site starts without Redis.
    this.firstAttempt = setTimeout(() => {
      if (this.announced === null) this.announce('down');
    }, this.answerWithinMs).unref();
    // As bytes: a listener measures a message before anything decodes it.
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer) => {
      for (const listener of this.subscriptions.get(channel.toString()) ?? []) listener(message);
    });
    this.command.connect().catch(() => {});
    this.subscriber.connect().catch(() => {});
  }

  /** Receives the channel's messages, undecoded, while subscribed; each (re)connection subscribes again. */
  subscribe(channel: string, listener: (message: Buffer) => void): void {
    const listeners = this.subscriptions.get(channel);
    if (listeners) return void listeners.add(listener);
    this.subscriptions.set(channel, new Set([listener]));
    if (this.subscriber.status === 'ready') void this.subscriber.subscribe(channel).catch(() => {});
  }

  /**
   * Called when the subscription is back after it was lost: pub/sub delivers at most once, so a
   * purge published meanwhile is gone, and what this replica holds must be checked again.
   */
  onResync(listener: () => void): void {
    this.resyncListeners.add(listener);
  }

  /** Called each time Redis becomes reachable (both connections ready). */
  onReady(listener: () => void): void {
    this.readyListeners.add(listener);
  }

  /** A failed or timed-out command: counted; the caller goes on without Redis. */
  failed(): void {
    this.health.commandErrors++;
  }

  /**
   * Runs a call on these connections, failing soft: `fallback` when Redis is down, or when the call fails
   * or times out (counted).
   */
  async attempt<T, F = null>(run: () => Promise<T>, fallback: F = null as F): Promise<T | F> {
    if (!this.up) return fallback;
    try {
      return await run();
    } catch {
      this.failed();
      return fallback;
    }
  }

  /**
   * One command's answer, or a rejection once REDIS_TIMEOUT_MS has passed without it. An answer already
   * read off the socket when the timer comes due counts as in time. A command given up on stays queued
   * on its connection until Redis answers it or the heartbeat drops the connection.
   */
  bounded<T>(command: Promise<T>): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => setImmediate(() => reject(new Error(`redis did not answer within ${this.options.timeoutMs} ms`))), this.options.timeoutMs);
      void command.then(resolve, reject).finally(() => clearTimeout(timer));
    });
  }

  get up(): boolean {
    return this.health.state === 'up';
  }

  /** True until the first connection attempt has ended: calls wait for it rather than skip Redis at start. */
  get starting(): boolean {
    return this.announced === null;
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    clearTimeout(this.firstAttempt);
    for (const redis of [this.command, this.subscriber]) this.unwatch(redis);
    this.command.disconnect();
    this.subscriber.disconnect();
  }

  private async onSubscriberReady(): Promise<void> {
    try {
      for (const channel of this.subscriptions.keys()) await this.subscriber.subscribe(channel);
    } catch (error) {
      // Redis refused (its answer is an error reply; the heartbeat retries). Anything else is the connection
      // going, even while ioredis still says 'ready' ("Stream isn't writeable"): the next
      // 'ready' or the heartbeat subscribes again, and nothing is refused.
      if (this.subscriber.status === 'ready' && (error as Error).name === 'ReplyError') this.subscribeRefused(error as Error);
      return;
    }
    this.subscribed = true;
    this.subscribedAt = performance.now();
    if (this.health.subscribeError) {
      this.options.logger.warn({ redis: redactedUrl(this.options.url) }, 'redis purge channel subscribed');
      this.health.subscribeError = null;
    }
    if (this.missedMessages) {
      this.missedMessages = false;
      this.health.resyncs++;
      for (const listener of this.resyncListeners) listener();
    }
    this.changed();
  }

  /**
   * How long to wait before connecting the subscriber again after its connection closed: 0 unless its
   * subscription was lost soon after it was made, more than QUICK_LOSSES times in a row.
   */
  private pauseAfterLoss(): number {
    const lived = this.subscribedAt === null ? null : performance.now() - this.subscribedAt;
    this.subscribedAt = null;
    // Closed before it subscribed (connecting, a refused subscription): no subscription lost.
    if (lived === null) return 0;
    this.quickLosses = lived < STABLE_SUBSCRIPTION_MS ? this.quickLosses + 1 : 0;
    if (this.quickLosses <= QUICK_LOSSES) return 0;
    return Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (this.quickLosses - QUICK_LOSSES - 1));
  }

  /** Logged once: every purge from another replica is missed until it is fixed, so this replica stays down. */
  private subscribeRefused(error: Error): void {
    if (this.health.subscribeError === null) {
      this.options.logger.error(
        { redis: redactedUrl(this.options.url), reason: error.message },
        'redis refused the purge channel subscription (an ACL without channel rights?): shared cache off until it is allowed',
      );
    }
    this.health.subscribeError = error.message;
    this.changed();
  }

  /**
   * Drops `redis`'s connection (ioredis connects again) unless it has answered within answerWithinMs:
   * its ready check after connecting (which ioredis does not bound), or a heartbeat. One watch per
   * connection at a time.
   */
  private watch(redis: Redis, answered: () => boolean): void {
    if (this.watches.has(redis)) return;
    const timer = setTimeout(
      // After the event loop's I/O: an answer that came while the loop was busy counts as in time.
      () =>
        setImmediate(() => {
          this.watches.delete(redis);
          if (answered()) return;
          this.health.unresponsive++;
          redis.disconnect(true);
        }),
      this.answerWithinMs,
    ).unref();
    this.watches.set(redis, timer);
  }

  private unwatch(redis: Redis): void {
    clearTimeout(this.watches.get(redis));
    this.watches.delete(redis);
  }

  /**
   * Each ready connection must answer a PING in time, or it is dropped and connected again: commands
   * then fail at once instead of each waiting for its timeout, and a subscriber that stopped hearing
   * is told apart from a quiet channel. A refused subscription is tried again here too.
   */
  private beat(): void {
    for (const redis of [this.command, this.subscriber]) {
      if (redis.status !== 'ready' || this.watches.has(redis)) continue;
      let answered = false;
      this.watch(redis, () => answered);
      redis.ping().then(
        () => {
          answered = true;
          this.unwatch(redis);
        },
        // One that failed because the connection closed was unwatched on 'close'; an unanswered one
        // is for the watch to judge.
        () => {},
      );
    }
    if (this.subscriber.status === 'ready' && !this.subscribed) void this.onSubscriberReady();
  }

  /** Up only when both connections are, so that a purge can be both sent and received. */
  private changed(): void {
    const up = this.command.status === 'ready' && this.subscriber.status === 'ready' && this.subscribed && !this.missedMessages;
    const state = up ? 'up' : 'down';
    if (state === this.announced) return;
    // At start, one connection is often ready before the other: not an outage, just not up yet.
    if (this.announced === null && !up && [this.command, this.subscriber].some((redis) => FIRST_ATTEMPT.has(redis.status))) return;
    this.announce(state);
  }

  private announce(state: 'up' | 'down'): void {
    const up = state === 'up';
    const redis = redactedUrl(this.options.url);
    const { logger } = this.options;
    if (up) {
      if (this.announced === 'down') logger.warn({ redis, downSince: this.health.downSince }, 'redis reachable again: shared cache and purges resume');
      else logger.info({ redis }, 'redis connected: shared cache and purges on');
      this.health.downSince = null;
    } else {
      // A replica that starts while Redis is away says so once too.
      if (this.announced === 'up') {
        this.health.outages++;
        this.health.downSince = new Date().toISOString();
      }
      logger.warn({ redis }, 'redis unreachable: serving from this replica and the backend until it is back');
    }
    this.health.state = state;
    this.announced = state;
    this.settle();
    if (up) for (const listener of this.readyListeners) listener();
  }
}

/** The URL without its password, for logs. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'redis';
  }
}
