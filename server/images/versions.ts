/**
 * What the server knows of each source's current content: its version (a hash of its bytes), its
 * displayed size, and its validators. Image URLs carry the version, so a replaced photo gets new URLs
 * and an old URL can be cached for a year. Learnt when a source is first fetched; checked again in
 * the background (a conditional GET) when a URL is made from an entry older than the check interval.
 * Bounded, least recently used out (shared/bounded.ts); lost on restart, which is safe: URLs are then
 * made without a version (and cached briefly) until the next fetch learns it again, and a hash of the
 * same bytes is the same.
 * Checks run a few at once, with a bounded queue: a source that ignores validators answers with its
 * whole body (up to 25 MB, held to hash it), and a burst of pages can make hundreds of checks due.
 * A check the queue cannot hold is dropped (and counted): the entry stays due, so the next page
 * that uses it asks again.
 */
import { createHash } from 'node:crypto';
import { boundedMap, type BoundedMap } from '../../shared/bounded';
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

export interface VersionOptions {
  sources: Sources;
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

  constructor(private readonly options: VersionOptions) {
    this.entries = boundedMap({ entries: options.maxEntries });
  }

  /** The version to put in URLs, or null while unknown; an entry due for a check starts one. */
  current(source: string): SourceVersion | null {
    const entry = this.entries.get(source);
    if (entry && this.options.now() - entry.checkedAt >= this.options.checkEveryMs) this.check(source, entry);
    return entry ?? null;
  }

  learn(source: string, entry: Omit<SourceVersion, 'checkedAt'>): void {
    const known = this.entries.peek(source);
    this.entries.set(source, { ...entry, checkedAt: this.options.now() });
    if (!known) this.options.onLearn();
    else if (known.version !== entry.version) this.options.onChange();
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
          this.options.onChange();
        } else {
          // Unchanged, or a passing failure: asked again after the next interval, not on every render.
          entry.checkedAt = this.options.now();
          if (fetched.kind === 'ok') entry.validators = fetched.validators;
        }
      })
      .catch((error: unknown) => {
        if (!(error instanceof Busy)) throw error;
        this.dropped++;
      })
      .finally(() => this.checking.delete(source));
  }
}
