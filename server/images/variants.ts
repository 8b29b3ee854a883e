/**
 * Answering one variant: from the disk cache when the source's version is known and the variant was
 * made before; otherwise one fetch of the source and one encode however many ask at once (single
 * flight), in the work queue (IMAGE_ENCODERS at once, a few waiting, then the default image), where the variants of one source
 * take turns in one slot. A source that is not allowed, or that fails (missing, too slow, too large,
 * not an image, too many pixels), gets the site's default image in its place, briefly cached; a
 * failure is remembered for as long, and the variants of that source still waiting in the queue fail
 * with it, so a broken image is neither fetched nor drawn again for each of them. The default image is
 * answered as the file it is, never made: see `fallback`.
 */
import { boundedMap } from '../bounded';
import { DEFAULT_NEWS_IMAGE } from '../../shared/components/NewsCard';
import type { Logger } from '../logger';
import type { Stopping } from '../stopping';
import type { DiskCache, Variant } from './disk-cache';
import type { Encoder, SourceImage } from './encoder';
import { SHARE, vectorWidth, type Size, type Target } from './formats';
import { FALLBACK_REASONS, Refused, type FallbackReason } from './refused';
import type { Sources } from './sources';
import { SingleFlight } from './single-flight';
import { contentVersion, type Versions } from './versions';
import { Busy, WorkQueue } from './work-queue';

/** Shown in place of a source that is refused or fails: the placeholder the site's cards already use. */
export const DEFAULT_IMAGE = DEFAULT_NEWS_IMAGE;
/** In place of a share crop (SHARE_CROP's size), where link previews want a raster image. */
export const DEFAULT_SHARE_IMAGE = '/media/default/share.png';
/** The URL names the version of the bytes answered: they can never change. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A URL made before the version was known (or for an older version): as long as the site's /media/ files. */
const UNVERSIONED = 'public, max-age=3600';
/** The default image in place of a failed source: the source may be back in a minute. */
const FALLBACK = 'public, max-age=60';
const REMEMBER_FAILURE_MS = 60_000;
const MAX_FAILURES = 1000;
const MAX_WAITING = 16;

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
  /** Cuts that wait short once the process stops (server/stopping.ts): the default image then. */
  stopping: Stopping;
  /**
   * Encodes at once (IMAGE_ENCODERS), each in a process of its own that holds a large variant's pixels
   * while it works: what a replica's memory must allow for (`npm run soak` measures it). A few more may
   * wait; past that, the default image (`busy`).
   */
  encodesAtOnce: number;
  /** The bytes of DEFAULT_IMAGE and DEFAULT_SHARE_IMAGE, read once (`fallback`). */
  defaults: { image: Variant; share: Variant };
}

export class ImageVariants {
  readonly queue: WorkQueue;
  private readonly making = new SingleFlight<Made>();
  private readonly fetching = new SingleFlight<Original>();
  /** Failed sources, each until its time is up; the least recently met out first past the bound. */
  private readonly failures = boundedMap<string, { reason: FallbackReason; until: number }>({ entries: MAX_FAILURES });
  /** Default images answered in place of a source, by reason, since start (for /metrics). */
  readonly fallbacks = Object.fromEntries(FALLBACK_REASONS.map((reason) => [reason, 0])) as Record<FallbackReason, number>;

  constructor(private readonly deps: VariantDeps) {
    this.queue = new WorkQueue(deps.encodesAtOnce, MAX_WAITING);
  }

  async answer(source: string, urlVersion: string | null, width: Size, target: Target): Promise<Answer> {
    const refusal = this.refusal(source);
    if (refusal) return this.fallback(width, refusal);
    const work = this.variant(source, urlVersion, width, target);
    try {
      const made = await this.deps.stopping.within(work, this.deps.waitMs);
      if (made) return { ...made, cacheControl: made.version === urlVersion ? IMMUTABLE : UNVERSIONED };
      // Still being made: the default image now, the variant (or the source's failure) for a later request.
      work.catch((error: unknown) => error instanceof Busy || this.logRefused(source, error));
      return this.fallback(width, 'too-slow');
    } catch (error) {
      // The work queue is full: shed the load with the image that costs nothing, as for a slow variant.
      if (error instanceof Busy) return this.fallback(width, 'busy');
      this.logRefused(source, error);
      return this.fallback(width, reasonOf(error));
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
   * The default image, as the file it is: the site's own SVG of about a kilobyte (smaller than any
   * raster of it, and sharp at every width), or its share picture for a share crop. Nothing is fetched,
   * queued or encoded: a fallback is answered because the queue is busy or slow (IMAGE_WAIT_S), or on a
   * host whose CPU is taken, and one that waited for an encode in turn could outlast the proxy's read
   * timeout, which takes the replica out of the proxy's rotation (every replica at once, when they all
   * meet the same slow source). Unlike a source, this SVG is trusted: the site made it.
   */
  private fallback(width: Size, reason: FallbackReason): Answer {
    this.fallbacks[reason]++;
    const { image, share } = this.deps.defaults;
    return { ...(width === SHARE ? share : image), cacheControl: FALLBACK, fallback: reason };
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
      const encoded = await this.deps.encoder.encode(original.bytes, original.image, drawnWidth(original.image, width), target);
      const etag = contentVersion(encoded.bytes);
      await this.deps.disk.put(key, encoded, etag);
      return { body: encoded.bytes, etag: `"${etag}"`, contentType: encoded.contentType, version: original.version };
    } catch (error) {
      this.remember(source, reasonOf(error));
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

/** The width a variant is drawn at: an SVG's at most its VECTOR_MAX_PIXELS width (the encoder keeps a raster's own). */
function drawnWidth(image: SourceImage, width: Size): Size {
  return width !== SHARE && image.format === 'svg' ? Math.min(width, vectorWidth(image.width, image.height)) : width;
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
