/**
 * Image URLs: `/_img/<signature>/<width>/<version>/<source>`, where
 * - `width` is one of WIDTHS (formats.ts), or SHARE for the link-preview crop;
 * - `version` is the source's content version (versions.ts), or `_` while the server has not seen it;
 * - `source` is the source URL (an absolute http(s) URL, or a site path under /media/) in base64url,
 *   so that no proxy decodes or normalises slashes inside it;
 * - `signature` is the HMAC (signing.ts) of `<width>/<version>/<source>` as written in the URL.
 * The format is not in the URL: it follows Accept (Vary: Accept).
 */
import { boundedMap } from '../bounded';
import { isWidth, SHARE, vectorWidth, WIDTHS, type Size } from './formats';
import type { Signer } from './signing';
import type { Versions } from './versions';

export const IMAGE_PREFIX = '/_img/';
const UNVERSIONED = '_';
/** Longer sources are not image URLs anyone sends (and make a 404, not work). */
const MAX_SOURCE_LENGTH = 4096;
/** Image sets kept ready: well over the images of the site's pages, few enough to be a few MB. */
const MAX_MEMO = 5000;

export interface ImageRequest {
  width: Size;
  /** Null: a URL made before the source's version was known. */
  version: string | null;
  source: string;
}

/** Shared by every render that asks for the same set: read-only. */
export interface ImageSet {
  /** The largest variant: what a browser without srcset shows. */
  readonly src: string;
  /** Every variant with its width descriptor, smallest first. */
  readonly srcSet: string;
  /** The same variants as data: each URL and its width descriptor. */
  readonly variants: ReadonlyArray<{ readonly url: string; readonly width: number }>;
  /** The source's displayed size, once the server has seen it (for width/height attributes). */
  readonly width?: number;
  readonly height?: number;
}

/** The signed path of one variant. */
export function imagePath(signer: Signer, { width, version, source }: ImageRequest): string {
  const signed = `${width}/${version ?? UNVERSIONED}/${Buffer.from(source).toString('base64url')}`;
  return `${IMAGE_PREFIX}${signer.sign(signed)}/${signed}`;
}

/** What a path under IMAGE_PREFIX asks for, or null when it is malformed, unsigned or signed with another key. */
export function readImagePath(signer: Signer, path: string): ImageRequest | null {
  const match = /^\/_img\/([\w-]+)\/(\d{1,4}|og)\/([\w-]{16}|_)\/([\w-]+)$/.exec(path);
  if (!match || match[4]!.length > (MAX_SOURCE_LENGTH * 4) / 3 + 4) return null;
  const [, signature, width, version, encoded] = match as unknown as [string, string, string, string, string];
  const size: Size = width === SHARE ? SHARE : Number(width);
  if ((size !== SHARE && !isWidth(size)) || !signer.verify(`${width}/${version}/${encoded}`, signature)) return null;
  return { width: size, version: version === UNVERSIONED ? null : version, source: Buffer.from(encoded, 'base64url').toString() };
}

/** The URL in `set` for about `width` pixels: the first variant that reaches it, else the largest (a source narrower than `width`). */
export function variantFor(set: ImageSet, width: number): string {
  return (set.variants.find((variant) => variant.width >= width) ?? set.variants.at(-1)!).url;
}

/**
 * `imageSet` is what pages call, many times per render, so its answers are kept in a bounded map
 * (server/bounded.ts; a HMAC per width is cheap, eight per image on every render are not free).
 */
export class ImageUrls {
  private readonly memo = boundedMap<string, ImageSet>({ entries: MAX_MEMO });

  constructor(
    private readonly signer: Signer,
    private readonly versions: Versions,
  ) {}

  /**
   * The srcset of `source` (a URL as parse.ts gives it) in `widths` (any not in WIDTHS are ignored).
   * Once the source's size is known, widths past it are left out (their variants would all be the
   * source's own width) and the last descriptor is the true width.
   */
  imageSet(source: string, widths: readonly number[] = WIDTHS): ImageSet {
    const known = this.versions.current(source);
    const key = `${widths.join(',')}\n${known?.version ?? UNVERSIONED}\n${source}`;
    let set = this.memo.get(key);
    if (!set) {
      set = this.make(source, widths, known);
      this.memo.set(key, set);
    }
    return set;
  }

  /** The link-preview crop of `source` (formats.ts SHARE), a site path. */
  sharePath(source: string): string {
    return imagePath(this.signer, { width: SHARE, version: this.versions.current(source)?.version ?? null, source });
  }

  private make(source: string, widths: readonly number[], known: ReturnType<Versions['current']>): ImageSet {
    const asked = [...new Set(widths.filter(isWidth))].sort((a, b) => a - b);
    const usable = asked.length ? asked : [...WIDTHS];
    // The widest a variant can be: a raster's own width, or what an SVG is drawn at most (formats.ts).
    const widest = known ? (known.vector ? vectorWidth(known.width, known.height) : known.width) : Infinity;
    const cut = usable.findIndex((w) => w >= widest);
    const chosen = cut >= 0 ? usable.slice(0, cut + 1) : usable;
    const variants = chosen.map((width) => ({
      url: imagePath(this.signer, { width, version: known?.version ?? null, source }),
      width: Math.min(width, widest),
    }));
    return {
      src: variants.at(-1)!.url,
      srcSet: variants.map((v) => `${v.url} ${v.width}w`).join(', '),
      variants,
      ...(known ? { width: known.width, height: known.height } : {}),
    };
  }
}
