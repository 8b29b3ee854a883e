/**
 * What the server knows of each source's current content: its version (a hash of its bytes), its
 * displayed size, and its validators. Image URLs carry the version, so a replaced photo gets new URLs
 * and an old URL can be cached for a year. Learnt when a source is first fetched; checked again in
 * the background (a conditional GET) when a URL is made from an entry older than the check interval.
 * Bounded, least recently used out (server/bounded.ts); lost on restart, which is safe: URLs are then
 * made without a version (and cached briefly) until the next fetch learns it again, and a hash of the
 * same bytes is the same.
 * Checks run a few at once, with a bounded queue: a source that ignores validators answers with its
 * whole body (up to 25 MB, held to hash it), and a burst of pages can make hundreds of checks due.
 * A check the queue cannot hold is dropped (and counted): the entry stays due, so the next page
 * that uses it asks again.
 */
import { createHash } from 'node:crypto';
import { boundedMap, type BoundedMap } from '../bounded';
import type { Sources, Validators } from './sources';
import { Busy, WorkQueue } from './work-queue';

/** Checks at once: at most this many source bodies are held for hashing. */
const CHECKS_AT_ONCE = 2;
/** Checks waiting; past that, new ones are dropped. */
const MAX_CHECKS_WAITING = 32;

export interface SourceVersion {
  version: string;
  width: number;
  height: number;
  /** SVG: drawn at any width, so its nominal width limits nothing. */
  vector: boolean;
  validators: Validators;
  checkedAt: number;
}

/** What a source is, without when it was checked: what replicas share (server/shared-cache/image-facts.ts). */
export type SourceFact = Omit<SourceVersion, 'checkedAt'>;

/**
 * Facts other replicas learnt, and where this one tells its own. deploy/nginx.conf sends every variant
 * of a source to one replica, the only one that learns it by fetching; the others read it here.
 */
export interface SharedFacts {
  read(source: string): Promise<SourceFact | null>;
  write(source: string, fact: SourceFact): void;
  /** Called with each source another replica wrote a fact for. */
  onWritten(listener: (source: string) => void): void;
}

/** A source the shared facts did not know is looked up again after this long, on the next page that uses it. */
const LOOK_UP_AGAIN_MS = 10_000;
/** Look-ups at once; past that, a page's unknown sources are looked up on a later render. */
const LOOK_UPS_AT_ONCE = 32;

export interface VersionOptions {
  sources: Sources;
  /** Unset: every source is learnt by this replica's own fetch. */
  shared?: SharedFacts;
  now: () => number;
  checkEveryMs: number;
  maxEntries: number;
  /** A known source changed or went away: URLs made from it before are no longer current. */
  onChange: () => void;
  /** A source was learnt that was not known: URLs made from it before lacked its version. */
  onLearn: () => void;
}

/** 96 bits of SHA-256 of the source's bytes, base64url: the same bytes give the same version in every process. */
export function contentVersion(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest().subarray(0, 12).toString('base64url');
}

export class Versions {
  private readonly entries: BoundedMap<string, SourceVersion>;
  private readonly checking = new Set<string>();
  private readonly queue = new WorkQueue(CHECKS_AT_ONCE, MAX_CHECKS_WAITING);
  private dropped = 0;
  /** When each source was last looked up in the shared facts. */
  private readonly lookedUp: BoundedMap<string, number>;
  private readonly lookingUp = new Set<string>();
  /** Announced while being looked up: the look-up may have read Redis before the fact was there. */
  private readonly lookAgain = new Set<string>();
  /** The version a check found a source no longer has: a shared fact naming it is not taken. */
  private readonly outdated: BoundedMap<string, string>;

  constructor(private readonly options: VersionOptions) {
    this.entries = boundedMap({ entries: options.maxEntries });
    this.lookedUp = boundedMap({ entries: options.maxEntries });
    this.outdated = boundedMap({ entries: options.maxEntries });
    options.shared?.onWritten((source) => this.lookUp(source, true));
  }

  /**
   * The version to put in URLs, or null while unknown (a look-up in the shared facts starts); an entry
   * due for a check starts one.
   */
  current(source: string): SourceVersion | null {
    const entry = this.entries.get(source);
    if (!entry) this.lookUp(source);
    else if (this.options.now() - entry.checkedAt >= this.options.checkEveryMs) this.check(source, entry);
    return entry ?? null;
  }

  /** What this replica learnt by fetching the source itself: kept, and told to the other replicas. */
  learn(source: string, fact: SourceFact): void {
    this.outdated.delete(source);
    this.keep(source, fact);
    this.options.shared?.write(source, fact);
  }

  private keep(source: string, fact: SourceFact): void {
    const known = this.entries.peek(source);
    this.entries.set(source, { ...fact, checkedAt: this.options.now() });
    if (!known) this.options.onLearn();
    else if (known.version !== fact.version) this.options.onChange();
  }

  /**
   * Reads what another replica learnt of `source`: when a page uses a source this one does not know (at
   * most every LOOK_UP_AGAIN_MS), and at once when another replica announces it learnt it (a new source,
   * or a new version of one known here).
   */
  private lookUp(source: string, announced = false): void {
    const shared = this.options.shared;
    if (!shared) return;
    if (this.lookingUp.has(source)) {
      if (announced) this.lookAgain.add(source);
      return;
    }
    const now = this.options.now();
    const last = this.lookedUp.get(source);
    if (this.lookingUp.size >= LOOK_UPS_AT_ONCE || (!announced && last !== undefined && now - last < LOOK_UP_AGAIN_MS)) return;
    this.lookedUp.set(source, now);
    this.lookingUp.add(source);
    void shared
      .read(source)
      .then((fact) => {
        if (fact && fact.version !== this.entries.peek(source)?.version && this.outdated.get(source) !== fact.version) this.keep(source, fact);
      })
      // A look-up that fails leaves the source unknown here, as before it: this replica learns it by fetching.
      .catch(() => undefined)
      .finally(() => {
        this.lookingUp.delete(source);
        if (this.lookAgain.delete(source)) this.lookUp(source, true);
      });
  }

  /** Checks under way, running or waiting (tests wait for none, rather than for a time). */
  get checksUnderWay(): number {
    return this.checking.size;
  }

  /** For /metrics: checks running and waiting now, and dropped since start for want of room. */
  get checkStats(): { running: number; queued: number; dropped: number } {
    return { ...this.queue.stats, dropped: this.dropped };
  }

  private check(source: string, entry: SourceVersion): void {
    if (this.checking.has(source)) return;
    this.checking.add(source);
    void this.queue
      .run(() => this.options.sources.fetch(source, entry.validators))
      .then((fetched) => {
        if (this.entries.peek(source) !== entry) return;
        const changed = fetched.kind === 'ok' ? contentVersion(fetched.bytes) !== entry.version : fetched.kind === 'failed' && fetched.gone;
        if (changed) {
          // Forgotten rather than updated: the next request for it fetches, inspects and learns it whole.
          this.entries.delete(source);
          this.outdated.set(source, entry.version);
          this.options.onChange();
        } else {
          // Unchanged, or a passing failure: asked again after the next interval, not on every render.
          entry.checkedAt = this.options.now();
          if (fetched.kind === 'ok') {
            entry.validators = fetched.validators;
            // Written again, so that a fact Redis evicted or lost comes back while pages use the source.
            const { checkedAt: _, ...fact } = entry;
            this.options.shared?.write(source, fact);
          }
        }
      })
      .catch((error: unknown) => {
        if (!(error instanceof Busy)) throw error;
        this.dropped++;
      })
      .finally(() => this.checking.delete(source));
  }
}
