/**
 * Where pages show backend images, and how wide each place is drawn. The CSS of every place fixes its
 * box (an aspect ratio or a fixed size, with `object-fit`), so the box never depends on the image
 * loading: no layout shift whatever the image's own shape. Per place:
 * - `widths`: the image endpoint's widths offered in its srcset (the server makes the URLs, per
 *   backend endpoint: server/backend/api.ts); a few, as every URL costs bytes in the page (and in
 *   an island's props). The largest covers the place at DPR 2 on the widest layout;
 * - `sizes`: the place's drawn width per viewport, from the CSS (measured in Chromium at 375 and 1280);
 * - `box`: width/height attributes while the server has not seen the image (the place's ratio); none
 *   for images in rich text, whose box is the image's own shape;
 * - `share`: the image is also its page's link preview (Picture.share).
 * The container is min(1200px, 100% - 32px), so layouts stop growing at a 1232 px viewport; the home
 * page's sections are 1160 px wide there (widths measured in Chromium at 375 and 1280).
 */
export interface PicturePlace {
  widths: readonly number[];
  sizes: string;
  box?: { width: number; height: number };
  share?: true;
}

export const PLACES = {
  /** .news-grid: one column on phones, 280 px and up at 24 px gaps: four of 282 px at 1200. */
  newsCard: {
    widths: [320, 480, 640, 800, 960],
    sizes: '(min-width: 1232px) 282px, (min-width: 640px) 50vw, calc(100vw - 32px)',
    box: { width: 600, height: 400 },
  },
  /** The home page's three latest news (.home .news-grid: auto-fit, so three columns of 371 px at 1160). Data: as newsCard's. */
  homeNewsCard: {
    widths: [320, 480, 640, 800, 960],
    sizes: '(min-width: 1232px) 371px, (min-width: 640px) 50vw, calc(100vw - 32px)',
    box: { width: 600, height: 400 },
  },
  /** .news-detail: the text column, 860 px at most. */
  newsDetail: {
    widths: [480, 640, 800, 960, 1280, 1920],
    sizes: '(min-width: 892px) 860px, calc(100vw - 32px)',
    box: { width: 1200, height: 800 },
    share: true,
  },
  /** .slider--images (home.css): (container - gaps) / slides a view: 1.2 on phones, 1.5 from 640 px, 5.5 from 1024 px. */
  slide: {
    widths: [320, 480, 640, 960, 1280],
    sizes: '(min-width: 1232px) 186px, (min-width: 1024px) calc(18vw - 30px), (min-width: 640px) calc(67vw - 28px), calc(83vw - 28px)',
    box: { width: 1200, height: 800 },
  },
  /** .life-grid: two columns on phones, 220 px and up at 16 px gaps: four of 278 px at 1160. */
  life: { widths: [160, 320, 480, 640], sizes: '(min-width: 1232px) 278px, (min-width: 512px) 30vw, calc(50vw - 24px)', box: { width: 800, height: 600 } },
  /**
   * .faculty-grid: columns of 300 px and up at 24 px gaps, the image 2 px narrower (the card's border).
   * Measured in Chromium from 320 to 1920: three columns from a 980 px viewport (382 px from 1232),
   * two from 656, one below (never under 300 px: 298 below a 332 px viewport).
   */
  facultyCard: {
    widths: [320, 480, 640, 960],
    sizes:
      '(min-width: 1232px) 382px, (min-width: 980px) calc((100vw - 86px) / 3), (min-width: 656px) calc(50vw - 30px), (min-width: 332px) calc(100vw - 34px), 298px',
    box: { width: 800, height: 500 },
  },
  /** .person-card__photo: 96x120 everywhere. */
  person: { widths: [160, 320], sizes: '96px', box: { width: 200, height: 250 } },
  /** .partner__logo: a 200x100 card less its 6 px padding and 1 px border, contained: 186 px, measured in Chromium from 320 to 1920. */
  partner: { widths: [160, 320, 480], sizes: '186px', box: { width: 300, height: 150 } },
  /**
   * Images in rich text, written into the HTML by the server (server/images/rich-text.ts), not by Img.
   * `.prose` is at most 75ch wide: 764 px in Chromium's default sans-serif here (measured at 800 and
   * 1280), about 670-720 px in the system fonts of Windows, macOS and Android, which the `ch` of
   * `sizes` cannot follow (it is the initial font's). So the widest: a little more than most draw.
   * Narrower columns get the same sizes: /about beside its aside (660 px at 1024), and staff details
   * (180-310 px), where a larger variant than needed is fetched.
   */
  richText: { widths: [320, 480, 640, 960, 1280, 1920], sizes: '(min-width: 796px) 764px, calc(100vw - 32px)' },
} as const satisfies Record<string, PicturePlace>;

export type PlaceName = keyof typeof PLACES;
/** The places Img draws: each has a fixed box. */
export type BoxedPlace = { [Name in PlaceName]: (typeof PLACES)[Name] extends { box: object } ? Name : never }[PlaceName];
