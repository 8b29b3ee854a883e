/**
 * The Picture (shared/api.ts) of a source URL as parse.ts gives it: what the server's SiteApi hands
 * pages in place of each backend image.
 */
import type { Picture, SafeUrl } from '../../shared/api';
import type { PicturePlace } from '../../shared/pictures';
import type { ImageUrls } from './urls';

/** Makes the Picture of `source` for a place of the pages (shared/pictures.ts): its widths, and its share crop if it is a preview. */
export type PictureOf = (source: SafeUrl, place: PicturePlace) => Picture;

/**
 * The site's own SVG art (a site path, as parse.ts leaves only our own media, when the backend is
 * the embedded content) is served as it is: a few KB drawn sharp at any size, where every raster
 * variant of it would be larger. Anything from a backend goes through the endpoint, SVG included
 * (rasterised there: never served as SVG from our origin).
 */
export function ownSvg(source: SafeUrl): boolean {
  return source.startsWith('/') && /\.svgz?$/i.test(source);
}

export function pictureMaker(urls: ImageUrls): PictureOf {
  return (source, place) => {
    // Our own SVG gets no share crop either: previews then show the default share image.
    if (ownSvg(source)) return { src: source };
    const { src, srcSet, width, height } = urls.imageSet(source, place.widths);
    return { src, srcSet, ...(width && height ? { width, height } : {}), ...(place.share ? { share: urls.sharePath(source) } : {}) };
  };
}

/**
 * A Picture made before the server had seen its source: its URLs carry no version (briefly cached)
 * and it has no size. A page holding one is stored only until the source is learnt (page-cache.ts).
 */
export function isProvisional(picture: Picture): boolean {
  return picture.srcSet !== undefined && picture.width === undefined;
}

/** Without an image endpoint (the search index reads only text): every image as its own URL. */
export const plainPicture: PictureOf = (source) => ({ src: source });
