/**
 * Answering one variant: from the disk cache when the source's version is known and the variant was
 * made before; otherwise one fetch of the source and one encode however many ask at once (single
 * flight), in the work queue (IMAGE_ENCODERS at once, a few waiting, then 503), where the variants of one source
 * take turns in one slot. A source that is not allowed, or that fails (missing, too slow, too large,
 * not an image, too many pixels), gets the site's default image in its place, briefly cached; a
 * failure is remembered for as long, and the variants of that source still waiting in the queue fail
 * with it, so a broken image is neither fetched nor drawn again for each of them. The default image
 * itself never waits in the queue: see `fallback`.
 */
import { createHash } from 'node:crypto';
import { boundedMap } from '../../shared/bounded';
import { DEFAULT_NEWS_IMAGE } from '../../shared/components/NewsCard';
import type { Logger } from '../logger';
import type { DiskCache, Variant } from './disk-cache';
import type { Encoder, SourceImage } from './encoder';
import { TARGETS, type Size, type Target } from './formats';
import { FALLBACK_REASONS, Refused, type FallbackReason } from './refused';
import type { Sources } from './sources';
import { SingleFlight } from './single-flight';
import { contentVersion, type Versions } from './versions';
import { Busy, WorkQueue } from './work-queue';

/** Shown in place of a source that is refused or fails: the placeholder the site's cards already use. */
export const DEFAULT_IMAGE = DEFAULT_NEWS_IMAGE;
/** The URL names the version of the bytes answered: they can never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A URL made before the version was known (or for an older version): as long as the site's /media/ files. */
const UNVERSIONED = 'public, max-age=3600';
/** The default image in place of a failed source: the source may be back in a minute. */
const FALLBACK = 'public, max-age=60';
const REMEMBER_FAILURE_MS = 60_000;
const MAX_FAILURES = 1000;
const MAX_WAITING = 16;
/** The width of the default image kept at hand in each format (`standIn`). */
export const STAND_IN_WIDTH = 640;

export interface Answer extends Variant {
  cacheControl: string;
  /** Why the default image was answered instead of the source (the public category; the detail is logged). */
  fallback?: FallbackReason;
}

interface Made extends Variant {
  version: string;
}

interface Original {
  bytes: Buffer;
  image: SourceImage;
  version: string;
}

export interface VariantDeps {
  sources: Sources;
  versions: Versions;
  disk: DiskCache;
  encoder: Encoder;
  logger: Logger;
  now: () => number;
  /**
   * Longest a request waits for its variant (IMAGE_WAIT_S). Past it the visitor gets the default
   * image, briefly cached, and the variant is still made for the next request. It must end before the
   * proxy in front gives up (nginx's proxy_read_timeout): a proxy that times out on a replica counts it
   * as down and tries the next, so one slow image asked a few times takes every replica out of its
   * rotation at once.
   */
  waitMs: number;
  /**
   * Encodes at once (IMAGE_ENCODERS), each in a process of its own that holds a large variant's pixels
   * while it works: what a replica's memory must allow for (`npm run soak` measures it). A few more may
   * wait; past that, Busy (503).
   */
  encodesAtOnce: number;
}

export class ImageVariants {
  readonly queue: WorkQueue;
  private readonly making = new SingleFlight<Made>();
  private readonly fetching = new SingleFlight<Original>();
  /** Failed sources, each until its time is up; the least recently met out first past the bound. */
  private readonly failures = boundedMap<string, { reason: FallbackReason; until: number }>({ entries: MAX_FAILURES });
  /** Default images answered in place of a source, by reason, since start (for /metrics). */
  readonly fallbacks = Object.fromEntries(FALLBACK_REASONS.map((reason) => [reason, 0])) as Record<FallbackReason, number>;
  /** The default image at STAND_IN_WIDTH, by format (`standIn`). */
  private readonly standIns = new Map<Target, Promise<Made>>();
  /**
   * Stand-ins are made one at a time (one per format at most ever waits): each encode holds an encoder
   * process of some 40-60 MB beside the server, and a replica that has just started meets every format's
   * first fallback at once. With the work queue's IMAGE_ENCODERS, that bounds the processes alive.
   */
  private readonly standInQueue = new WorkQueue(1, TARGETS.length);

  constructor(private readonly deps: VariantDeps) {
    this.queue = new WorkQueue(deps.encodesAtOnce, MAX_WAITING);
  }

  /** Throws Busy when the work queue is full. */
  async answer(source: string, urlVersion: string | null, width: Size, target: Target): Promise<Answer> {
    const refusal = this.refusal(source);
    if (refusal) return this.fallback(width, target, refusal);
    const work = this.variant(source, urlVersion, width, target);
    try {
      const made = await this.inTime(work);
      if (made) return { ...made, cacheControl: made.version === urlVersion ? IMMUTABLE : UNVERSIONED };
      // Still being made: the default image now, the variant (or the source's failure) for a later request.
      work.catch((error: unknown) => error instanceof Busy || this.logRefused(source, error));
      return this.fallback(width, target, 'too-slow');
    } catch (error) {
      if (error instanceof Busy) throw error;
      this.logRefused(source, error);
      return this.fallback(width, target, reasonOf(error));
    }
  }

  /** The variant, or null once the request has waited `waitMs` for it. */
  private async inTime(work: Promise<Made>): Promise<Made | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, this.deps.waitMs, null)));
    try {
      return await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private logRefused(source: string, error: unknown): void {
    // A failure remembered while this variant waited was logged by the variant that met it.
    if (error instanceof RememberedFailure) return;
    const detail = error instanceof Error ? error.message : String(error);
    this.deps.logger.warn({ source: source.slice(0, 512), reason: reasonOf(error), detail }, 'image source refused: default image answered');
  }

  private refusal(source: string): FallbackReason | null {
    if (!this.deps.sources.allowed(source)) return 'not-allowed';
    const failed = this.failures.get(source);
    if (!failed) return null;
    if (failed.until > this.deps.now()) return failed.reason;
    this.failures.delete(source);
    return null;
  }

  private remember(source: string, reason: FallbackReason): void {
    this.failures.set(source, { reason, until: this.deps.now() + REMEMBER_FAILURE_MS });
  }

  /**
   * The default image at STAND_IN_WIDTH in `target`, made once, outside the work queue, by the first
   * fallback that needs it. A fallback is answered because the queue is busy or slow (IMAGE_WAIT_S); one
   * that waited in the queue in turn could outlast the proxy's read timeout, which takes the replica out
   * of the proxy's rotation. A failed attempt (a broken install) is tried again by the next fallback.
   */
  private standIn(target: Target): Promise<Made> {
    let made = this.standIns.get(target);
    if (!made) {
      const making = this.standInQueue.run(
        async () => (await this.stored(DEFAULT_IMAGE, null, STAND_IN_WIDTH, target)) ?? this.make(DEFAULT_IMAGE, STAND_IN_WIDTH, target),
      );
      making.catch(() => this.standIns.get(target) === making && this.standIns.delete(target));
      this.standIns.set(target, (made = making));
    }
    return made;
  }

  /**
   * The default image at the width asked for when it was made before, or can be made at once (the queue
   * has room); else its stand-in at STAND_IN_WIDTH, which the browser scales (cached a minute, like every
   * fallback). A fallback never waits in the queue. If even that fails, the error goes to the app's
   * error handler (500).
   */
  private async fallback(width: Size, target: Target, reason: FallbackReason): Promise<Answer> {
    this.fallbacks[reason]++;
    let made = await this.stored(DEFAULT_IMAGE, null, width, target);
    // Room is looked at just before the queue is asked, with no await between.
    if (!made && this.queue.hasRoom(DEFAULT_IMAGE)) made = await this.queued(DEFAULT_IMAGE, width, target);
    made ??= await this.standIn(target);
    return { ...made, cacheControl: FALLBACK, fallback: reason };
  }

  /** The variant from the disk cache, when its source's version is known and it was made before. */
  private async stored(source: string, urlVersion: string | null, width: Size, target: Target): Promise<Made | null> {
    const version = urlVersion ?? this.deps.versions.current(source)?.version;
    if (!version) return null;
    const stored = await this.deps.disk.get(variantKey(version, width, target));
    return stored ? { ...stored, version } : null;
  }

  private async variant(source: string, urlVersion: string | null, width: Size, target: Target): Promise<Made> {
    return (await this.stored(source, urlVersion, width, target)) ?? this.queued(source, width, target);
  }

  /** Made in the work queue, once however many ask at once. */
  private queued(source: string, width: Size, target: Target): Promise<Made> {
    return this.making.run(`${width} ${target} ${source}`, () => this.queue.run(() => this.make(source, width, target), source));
  }

  /** In the queue. A failure is remembered here, before the next variant of the source takes the slot. */
  private async make(source: string, width: Size, target: Target): Promise<Made> {
    const failed = this.refusal(source);
    if (failed) throw new RememberedFailure(failed, 'failed while this variant waited');
    try {
      const original = await this.fetching.run(source, () => this.fetch(source));
      const key = variantKey(original.version, width, target);
      // Made before under another URL (unversioned, or another source with the same bytes).
      const stored = await this.deps.disk.get(key);
      if (stored) return { ...stored, version: original.version };
      const encoded = await this.deps.encoder.encode(original.bytes, original.image, width, target);
      const etag = createHash('sha256').update(encoded.bytes).digest().subarray(0, 12).toString('base64url');
      await this.deps.disk.put(key, encoded, etag);
      return { body: encoded.bytes, etag: `"${etag}"`, contentType: encoded.contentType, version: original.version };
    } catch (error) {
      // Not the default image's failure: it stands in for every other, and may work on the next try.
      if (source !== DEFAULT_IMAGE) this.remember(source, reasonOf(error));
      throw error;
    }
  }

  private async fetch(source: string): Promise<Original> {
    const fetched = await this.deps.sources.fetch(source);
    if (fetched.kind === 'failed') throw new Refused(fetched.category, fetched.reason);
    if (fetched.kind !== 'ok') throw new Refused('failed', 'unexpected 304');
    const image = await this.deps.encoder.inspect(fetched.bytes);
    const version = contentVersion(fetched.bytes);
    this.deps.versions.learn(source, { version, width: image.width, height: image.height, vector: image.format === 'svg', validators: fetched.validators });
    return { bytes: fetched.bytes, image, version };
  }
}

/** A source's failure met by another variant of it, while this one waited. */
class RememberedFailure extends Refused {}

function reasonOf(error: unknown): FallbackReason {
  return error instanceof Refused ? error.reason : 'failed';
}

/** A variant is named by the content it comes from, so it survives restarts and is shared by equal sources. */
function variantKey(version: string, width: Size, target: Target): string {
  return `${version}.${width}.${target}`;
}
