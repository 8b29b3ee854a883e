/**
 * The image gallery of /TTJ and /YPK: a heading and the gallery island (shared/islands/Gallery.tsx),
 * whose thumbnails open the enlarged image in a modal.
 */
import { useId } from 'react';
import { useDisplay, useT } from '../app-context';
import GalleryIsland from '../islands/Gallery';
import type { GalleryItem } from '../islands/gallery/types';
import '../styles/gallery.css';

export type { GalleryItem };

/** Size of the generated gallery artwork (scripts/generate-gallery.mjs): 3:2 scenes. */
const ARTWORK = { width: 1200, height: 800 } as const;

/** `count` numbered images (`${prefix}1.svg`…) with their texts, in the order of the texts. */
export function numberedImages(prefix: string, count: number, texts: readonly { alt: string; caption: string }[]): GalleryItem[] {
  return Array.from({ length: count }, (_, i) => ({ src: `${prefix}${i + 1}.svg`, ...ARTWORK, ...texts[i]! }));
}

export function Gallery({ items, title }: { items: GalleryItem[]; title: string }) {
  const t = useT();
  const { images } = useDisplay();
  const headingId = useId();
  const captionId = useId();
  return (
    <section className="gallery" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <GalleryIsland items={items} captionId={captionId} words={{ enlarge: t.gallery.enlarge, close: t.gallery.close }} imagesShown={images !== 'off'} />
    </section>
  );
}
