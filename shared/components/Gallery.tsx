/**
 * An image gallery whose thumbnails open the enlarged image in a modal (SPEC section 4: closed, or open
 * with the chosen image), shared by /TTJ and /YPK. The modal is a native <dialog> opened with
 * showModal(): the browser makes the rest of the page inert and turns Escape into a close. It closes
 * by the × button, a click on the backdrop or Escape, and gives focus back to the thumbnail.
 * Without JavaScript every thumbnail is a plain link to the full image.
 */
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useT } from '../app-context';
import { plainClick } from '../islands/plain-click';
import '../styles/gallery.css';
import { ShownImage } from './Img';

export interface GalleryItem {
  src: string;
  /** Describes the picture (trilingual, from the page's content). */
  alt: string;
  caption: string;
  width: number;
  height: number;
}

/** Size of the generated gallery artwork (scripts/generate-gallery.mjs): 3:2 scenes. */
const ARTWORK = { width: 1200, height: 800 } as const;

/** `count` numbered images (`${prefix}1.svg`…) with their texts, in the order of the texts. */
export function numberedImages(prefix: string, count: number, texts: readonly { alt: string; caption: string }[]): GalleryItem[] {
  return Array.from({ length: count }, (_, i) => ({ src: `${prefix}${i + 1}.svg`, ...ARTWORK, ...texts[i]! }));
}

export function Gallery({ items, title }: { items: GalleryItem[]; title: string }) {
  const t = useT();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const headingId = useId();
  const captionId = useId();
  const item = current === null ? null : items[current];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (current === null || !dialog || dialog.open) return;
    dialog.showModal();
    closeRef.current?.focus();
  }, [current]);

  const open = (index: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep their meaning (open the image in a new tab or window).
    if (!plainClick(event)) return;
    event.preventDefault();
    setCurrent(index);
  };
  const close = () => dialogRef.current?.close();
  // Every way of closing (×, backdrop, Escape) ends in the dialog's close event.
  const onClose = () => {
    if (current !== null) thumbs.current[current]?.focus();
    setCurrent(null);
  };
  // A click on the ::backdrop is a click on the <dialog> itself; its content fills the dialog box.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <section className="gallery" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <ul className="gallery__grid">
        {items.map((image, index) => (
          <li key={image.src} className="gallery__item">
            <a
              href={image.src}
              className="gallery__thumb"
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              onClick={open(index)}
            >
              <ShownImage src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" />
              <span className="visually-hidden"> ({t.gallery.enlarge})</span>
            </a>
          </li>
        ))}
      </ul>
      <dialog ref={dialogRef} className="gallery__dialog" aria-labelledby={item ? captionId : undefined} onClose={onClose} onClick={onDialogClick}>
        <div className="gallery__frame">
          <button ref={closeRef} type="button" className="gallery__close" aria-label={t.gallery.close} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
          {item ? (
            <figure className="gallery__figure">
              <img src={item.src} alt={item.alt} width={item.width} height={item.height} />
              <figcaption id={captionId}>{item.caption}</figcaption>
            </figure>
          ) : null}
        </div>
      </dialog>
    </section>
  );
}
