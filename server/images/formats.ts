/**
 * What the endpoint makes: one fixed set of widths (any other is a 404, so that nobody can make it
 * encode a thousand sizes of one photo) and the format a client's Accept header allows.
 */
export const WIDTHS = [160, 320, 480, 640, 800, 960, 1280, 1920] as const;

const WIDTH_SET: ReadonlySet<number> = new Set(WIDTHS);

export function isWidth(width: number): boolean {
  return WIDTH_SET.has(width);
}

/**
 * The link-preview crop (og:image, JSON-LD image of news): 1200x630, the shape previews show, cut
 * where sharp's attention strategy finds the subject, always JPEG (every crawler reads it; Accept is
 * not asked). A size of its own in URLs, in place of a width.
 */
export const SHARE = 'og';

/** What an image URL asks for: one of WIDTHS, or the share crop. */
export type Size = number | typeof SHARE;

/** AVIF, WebP, or the format every browser decodes: JPEG, or PNG for an image with transparency. */
export const TARGETS = ['avif', 'webp', 'legacy'] as const;
export type Target = (typeof TARGETS)[number];

/**
 * The widest variant made as AVIF; a wider one is WebP. AVIF pays most where bytes are dear: a phone asks
 * for 1280 px at most (a 412 px wide screen at 3x). At 1920 px, what a wide screen asks for, one AVIF
 * encode of a camera photo takes three and a half times WebP's CPU and half as much memory again beside
 * the server (`node scripts/encoder-job-memory.mjs`; docs/performance.md, "Encoder process memory"), for a visitor on a
 * desktop's connection.
 */
export const AVIF_MAX_WIDTH = 1280;

/**
 * The most pixels an SVG source is drawn at: a 1280 px square's. librsvg's time and memory grow with the
 * area drawn (a filter keeps a surface that size for each of its results), not with the source's bytes:
 * the soak test's pathological SVG took 133 MB beside the server and 7 s at 1920 px, 84 MB at 1280 px
 * (`node scripts/encoder-job-memory.mjs`), and put a replica with its encoder over 300 MB. A banner of
 * 1920x800 is still drawn at 1920.
 */
export const VECTOR_MAX_PIXELS = 1280 * 1280;

/** The widest an SVG of this nominal shape is drawn: VECTOR_MAX_PIXELS at its aspect ratio. */
export function vectorWidth(width: number, height: number): number {
  return Math.max(1, Math.floor(Math.sqrt((VECTOR_MAX_PIXELS * width) / height)));
}

/**
 * AVIF when Accept names image/avif (up to AVIF_MAX_WIDTH), else WebP when it names image/webp, else
 * legacy. Only types named outright count: `image/*` and `*\/*` are sent by browsers that cannot decode
 * AVIF (Safari before 16, Chrome before 85), so they must not be read as accepting it. `;q=0` refuses a
 * type.
 */
export function negotiate(accept: string | undefined, width: number): Target {
  const named = new Set<string>();
  for (const part of (accept ?? '').toLowerCase().split(',')) {
    const [type = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) named.add(type);
  }
  if (named.has('image/avif') && width <= AVIF_MAX_WIDTH) return 'avif';
  if (named.has('image/webp')) return 'webp';
  return 'legacy';
}
