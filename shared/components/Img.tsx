import type { ImgHTMLAttributes } from 'react';
import type { Picture } from '../api';
import { useDisplay } from '../app-context';
import { PLACES, type BoxedPlace } from '../pictures';
import { ImageOrText } from '../islands/ui/ImageOrText';

/** The backend's image as the server made it (shared/api.ts Picture), or `fallback` (the site's own) when it sent none. */
type Source = { picture: Picture; fallback?: undefined } | { picture: Picture | null; fallback: string };

export type ImgProps = Source & {
  place: BoxedPlace;
  alt: string;
  className?: string;
  /**
   * 'lcp': the one image most likely to be the page's largest paint (fetched first, decoded with the
   * page); 'eager': above the fold; 'lazy' (the default): below it, fetched as the visitor scrolls.
   */
  load?: 'lcp' | 'eager' | 'lazy';
};

/**
 * A backend image in one of the places of shared/pictures.ts: its srcset, the place's sizes, and
 * width/height from the image's own size when the server knows it, else the place's box (the CSS box
 * does not depend on either: shared/pictures.ts).
 */
export function Img({ picture, fallback, place, alt, className, load = 'lazy' }: ImgProps) {
  const { sizes, box } = PLACES[place];
  const size = picture?.width && picture.height ? { width: picture.width, height: picture.height } : box;
  return (
    <ShownImage
      className={className}
      src={picture?.src ?? fallback}
      srcSet={picture?.srcSet}
      sizes={picture?.srcSet ? sizes : undefined}
      alt={alt}
      width={size.width}
      height={size.height}
      loading={load === 'lazy' ? 'lazy' : undefined}
      decoding={load === 'lcp' ? undefined : 'async'}
      fetchPriority={load === 'lcp' ? 'high' : undefined}
    />
  );
}

/** An <img>, or its text where the visitor hides images (the accessibility panel): see ImageOrText. */
export function ShownImage(props: ImgHTMLAttributes<HTMLImageElement>) {
  const { images } = useDisplay();
  return <ImageOrText shown={images !== 'off'} {...props} />;
}
