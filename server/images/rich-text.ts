/**
 * Images inside rich text (news, articles, about and rules entries, staff details) through the image
 * endpoint. The sanitiser thread (server/rich-text/sanitize-worker.mjs) leaves every image it keeps
 * without src, width and height, and with a first attribute it alone writes:
 *
 *   <img data-rich-img="<source in base64url>.<editor's width>.<editor's height>" alt="…" …>
 *
 * That is what the data cache holds: plain, unsigned HTML. On the way out (the server's SiteApi, as for
 * Picture) each mark becomes the image's attributes. The mark is found by its exact serialisation:
 * `<img data-rich-img="` with a literal quote cannot come from the backend's text (serialised text
 * escapes `<`) nor from an attribute value (which escapes `"`), and its value has only base64url
 * characters, digits and dots. So nothing here reads the backend's markup: the source comes out of the
 * mark, and the rest of the tag (alt, title…) is left as the sanitiser wrote it.
 */
import { boundedMap } from '../bounded';
import type { SafeUrl } from '../../shared/api';
import type { PicturePlace } from '../../shared/pictures';
import { escapeHtml } from '../rich-text/text';
import { ownSvg } from './pictures';
import { variantFor, type ImageUrls } from './urls';
import type { Versions } from './versions';

/** Rich text as pages show it, and whether one of its image URLs was made before its source was seen. */
export interface RichText {
  html: string;
  provisional: boolean;
}

/** Turns the marks of sanitised HTML into image attributes. */
export type RichTextOf = (html: string) => RichText;

/** How every marked image starts in the sanitiser's output (sanitize-worker.mjs `IMAGE_MARK`). */
export const IMAGE_MARK_START = '<img data-rich-img="';
const MARKED = /<img data-rich-img="([\w-]+)\.(\d{0,5})\.(\d{0,5})"/g;

/** One marked image: its source as the sanitiser resolved it, and the width/height the editor gave. */
export interface MarkedImage {
  source: SafeUrl;
  width: number | null;
  height: number | null;
}

/** `html` with each mark replaced by `attributes(image)` (without the leading `<img `). */
export function replaceMarks(html: string, attributes: (image: MarkedImage) => string): string {
  if (!html.includes(IMAGE_MARK_START)) return html;
  return html.replace(MARKED, (_whole, source: string, width: string, height: string) => {
    const image = { source: Buffer.from(source, 'base64url').toString(), width: width ? Number(width) : null, height: height ? Number(height) : null };
    return `<img ${attributes(image)}`;
  });
}

/**
 * What each marked image's attributes may add to the HTML's length once written: a src and a srcset of
 * up to six signed URLs (each about 50 characters and the source in base64url), the sizes and the size
 * attributes, less the mark they replace. Its `width` descriptors and sizes are a few dozen characters.
 */
const ADDED_PER_IMAGE = 500;
const URLS_PER_IMAGE = 7;

/**
 * An upper bound of `html`'s length once its marks are written out (by `replaceMarks` with the image
 * endpoint's attributes): a field's marks are small, their images' URLs are not. One linear pass.
 */
export function shownLength(html: string): number {
  if (!html.includes(IMAGE_MARK_START)) return html.length;
  let shown = html.length;
  for (const match of html.matchAll(MARKED)) shown += (URLS_PER_IMAGE - 1) * match[1]!.length + ADDED_PER_IMAGE;
  return shown;
}

function attr(name: string, value: string | number): string {
  return `${name}="${escapeHtml(String(value))}"`;
}

/** The editor's width and height as they were. */
function editorSize(image: MarkedImage): string[] {
  return [...(image.width ? [attr('width', image.width)] : []), ...(image.height ? [attr('height', image.height)] : [])];
}

/** The image as the backend named it: as the site shows it when the endpoint may not fetch it. */
function asItIs(image: MarkedImage): string {
  return [attr('src', image.source), ...editorSize(image)].join(' ');
}

/** Without an image endpoint (the search index reads only text): every image as its own URL. */
export const plainRichText: RichTextOf = (html) => ({ html: replaceMarks(html, asItIs), provisional: false });

/** The variant in `src`, for a browser that ignores srcset: wide enough for the text column at DPR 1. */
const SRC_WIDTH = 960;
/** The prose column's widest, as measured (shared/pictures.ts `richText`), and the page's side margins. */
const COLUMN_MAX = 764;
const MARGINS = 32;
/** Rewritten fields kept (their HTML as key and their result), in characters: a few MB at most. */
const MAX_MEMO_CHARS = 2_000_000;
const MAX_MEMO_ENTRIES = 1000;

interface Memo {
  result: RichText;
  /** Every source that went through the endpoint, with the version its URLs carry (null: not seen). */
  sources: string[];
  versions: Array<string | null>;
  chars: number;
}

export interface RichTextImageDeps {
  urls: ImageUrls;
  versions: Versions;
  /** Whether the endpoint may fetch a source (server/images/sources.ts). */
  allowed: (source: string) => boolean;
  place: PicturePlace;
}

/**
 * Rewrites marked rich text for the endpoint: every image from an allowed source gets a mid-size src,
 * a srcset with width descriptors, the text column's sizes and, once the source was seen, a
 * width/height of its own ratio. Other sources, and the site's own SVG art, keep their URL as it is.
 * Results are kept per HTML string (bounded, least recently used out) and stay valid while every
 * source's version is the one their URLs carry, so a render does not redo unchanged HTML.
 */
export class RichTextImages {
  readonly stats = { hits: 0, misses: 0 };
  /** A field larger than an eighth of the bound is not kept: one long text would push out many. */
  private readonly memo = boundedMap<string, Memo>({
    size: MAX_MEMO_CHARS,
    entries: MAX_MEMO_ENTRIES,
    largestEntry: MAX_MEMO_CHARS / 8,
    sizeOf: (memo) => memo.chars,
  });

  constructor(private readonly deps: RichTextImageDeps) {}

  readonly rewrite: RichTextOf = (html) => {
    if (!html.includes(IMAGE_MARK_START)) return { html, provisional: false };
    const kept = this.memo.get(html);
    if (kept && kept.sources.every((source, i) => (this.deps.versions.current(source)?.version ?? null) === kept.versions[i])) {
      this.stats.hits++;
      return kept.result;
    }
    this.stats.misses++;
    const made = this.make(html);
    this.memo.set(html, made);
    return made.result;
  };

  /** Fields kept, for tests. */
  get size(): number {
    return this.memo.size;
  }

  private make(html: string): Memo {
    const sources: string[] = [];
    const versions: Array<string | null> = [];
    let provisional = false;
    const out = replaceMarks(html, (image) => {
      if (ownSvg(image.source) || !this.deps.allowed(image.source)) return asItIs(image);
      const known = this.deps.versions.current(image.source);
      sources.push(image.source);
      versions.push(known?.version ?? null);
      const set = this.deps.urls.imageSet(image.source, this.deps.place.widths);
      if (set.width === undefined || set.height === undefined) provisional = true;
      const shown = shownSize(image, set.width && set.height ? { width: set.width, height: set.height } : null);
      return [
        attr('src', variantFor(set, SRC_WIDTH)),
        attr('srcset', set.srcSet),
        attr('sizes', sizesFor(image, shown, this.deps.place)),
        ...(shown ? [attr('width', shown.width), attr('height', shown.height)] : editorSize(image)),
      ].join(' ');
    });
    const result = { html: out, provisional };
    return { result, sources, versions, chars: html.length + out.length };
  }
}

/**
 * The width/height attributes once the source's size is known: the editor's width (or height) kept as
 * the drawn size, the other side from the source's own ratio; without either, the source's size (the
 * CSS, `img { max-width: 100%; height: auto }`, fits it to the column). Unknown: null.
 */
function shownSize(image: MarkedImage, size: { width: number; height: number } | null): { width: number; height: number } | null {
  if (!size) return null;
  if (image.width) return { width: image.width, height: Math.max(1, Math.round((image.width * size.height) / size.width)) };
  if (image.height) return { width: Math.max(1, Math.round((image.height * size.width) / size.height)), height: image.height };
  return size;
}

/** The column's sizes, or, for an image the editor made narrower than the column, its own width. */
function sizesFor(image: MarkedImage, shown: { width: number } | null, place: PicturePlace): string {
  const width = image.width ?? (image.height && shown ? shown.width : null);
  if (!width || width >= COLUMN_MAX) return place.sizes;
  return `(max-width: ${width + MARGINS}px) calc(100vw - ${MARGINS}px), ${width}px`;
}
