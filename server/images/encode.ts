/**
 * Reading a source image and making one variant of it with sharp (libvips). The source's own
 * Content-Type is never consulted: the format is what sharp finds in the bytes.
 */
import type { Metadata, SharpOptions } from 'sharp';
import { SHARE_CROP } from '../../shared/seo';
import { SHARE, type Size, type Target } from './formats';
import { Refused } from './refused';

type Sharp = (typeof import('sharp'))['default'];
let loading: Promise<Sharp> | null = null;

/**
 * sharp is loaded with the first image the endpoint makes: libvips adds ~29 MB of RSS to a process
 * that, behind nginx's image cache, may serve none for hours.
 */
function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per image: the endpoint's work queue (two at once) is then the whole of the CPU
    // images take, and the libuv pool (four threads, shared with file and DNS work) is never all sharp's.
    // No libvips operation cache: each variant is made once and then read from disk, so a cache of
    // decoded images would only hold memory.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

/** Larger images are refused from their header, before any pixel is decoded (decompression bombs). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** An encode that takes longer is abandoned (a pathological SVG, say); libvips checks it as it works. */
const ENCODE_TIMEOUT_S = 30;
/**
 * Formats accepted from a source. SVG is rasterised here and never sent as SVG: librsvg runs no
 * script and, reading from a buffer, loads no external file or URL.
 */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif', 'gif', 'svg']);
const INPUT: SharpOptions = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' };

/** Quality choices (README, "Images"): visually close to one another at a glance on a phone. */
const AVIF = { quality: 50, effort: 3, chromaSubsampling: '4:2:0' } as const;
const WEBP = { quality: 75, effort: 4 } as const;
const JPEG = { quality: 78, mozjpeg: true } as const;
const PNG = { compressionLevel: 8 } as const;

export interface SourceImage {
  format: string;
  /** As displayed, EXIF orientation applied. */
  width: number;
  height: number;
  hasAlpha: boolean;
}

export interface Encoded {
  bytes: Buffer;
  contentType: string;
  ext: 'avif' | 'webp' | 'jpg' | 'png';
}

/** What the header says; refuses what is not an accepted image, or too large to decode. */
export async function inspect(bytes: Buffer): Promise<SourceImage> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    // The header alone, without sharp's pixel limit, so that a bomb is refused with its dimensions below.
    meta = await sharp(bytes, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new Refused('not-an-image', 'not an image');
  }
  if (!ACCEPTED.has(meta.format)) throw new Refused('not-an-image', `format ${meta.format} not accepted`);
  const { width, height } = meta;
  if (!width || !height) throw new Refused('not-an-image', 'no dimensions');
  if (width * height > MAX_INPUT_PIXELS) throw new Refused('too-large', `too many pixels (${width}x${height})`);
  const turned = (meta.orientation ?? 1) >= 5;
  return { format: meta.format, width: turned ? height : width, height: turned ? width : height, hasAlpha: meta.hasAlpha };
}

/**
 * The variant `width` pixels wide (never wider than a raster source: a 500-px photo stays 500 px), in
 * the target format, oriented, with every metadata block (EXIF, XMP, ICC: converted to sRGB) dropped.
 */
export async function encode(bytes: Buffer, source: SourceImage, width: Size, target: Target): Promise<Encoded> {
  if (width === SHARE) return shareCrop(bytes, source);
  // An SVG is drawn at the size asked for: for a vector, that is no enlargement.
  const svg = source.format === 'svg';
  const density = svg ? Math.min(100_000, Math.max(1, (72 * width) / source.width)) : undefined;
  const sharp = await loadSharp();
  const image = sharp(bytes, { ...INPUT, density })
    .autoOrient()
    .resize({ width, withoutEnlargement: !svg })
    .timeout({ seconds: ENCODE_TIMEOUT_S });
  if (target === 'avif') return { bytes: await image.avif(AVIF).toBuffer(), contentType: 'image/avif', ext: 'avif' };
  if (target === 'webp') return { bytes: await image.webp(WEBP).toBuffer(), contentType: 'image/webp', ext: 'webp' };
  if (source.hasAlpha) return { bytes: await image.png(PNG).toBuffer(), contentType: 'image/png', ext: 'png' };
  return { bytes: await image.jpeg(JPEG).toBuffer(), contentType: 'image/jpeg', ext: 'jpg' };
}

/**
 * The link-preview crop: the source covering 1200x630 (enlarged if smaller: previews want that size),
 * cut around what sharp's attention strategy finds most salient (skin, saturation, edges), on white
 * where it was transparent, as JPEG.
 */
async function shareCrop(bytes: Buffer, source: SourceImage): Promise<Encoded> {
  const svg = source.format === 'svg';
  const cover = Math.max(SHARE_CROP.width / source.width, SHARE_CROP.height / source.height);
  const density = svg ? Math.min(100_000, Math.max(1, 72 * cover)) : undefined;
  const sharp = await loadSharp();
  const image = sharp(bytes, { ...INPUT, density })
    .autoOrient()
    .resize({ ...SHARE_CROP, fit: 'cover', position: sharp.strategy.attention })
    .flatten({ background: '#ffffff' })
    .timeout({ seconds: ENCODE_TIMEOUT_S });
  return { bytes: await image.jpeg(JPEG).toBuffer(), contentType: 'image/jpeg', ext: 'jpg' };
}
