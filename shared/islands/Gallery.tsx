/**
 * An image gallery whose thumbnails open the enlarged image in a modal (closed, or open
 * with the chosen image), shared by /TTJ and /YPK. The modal is a native <dialog> opened with
 * showModal(): the browser makes the rest of the page inert and turns Escape into a close. It closes
 * by the × button, a click on the backdrop or Escape, and gives focus back to the thumbnail.
 * Without JavaScript every thumbnail is a plain link to the full image.
 */
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { GalleryItem } from './gallery/types';
import { ImageOrText } from './ui/ImageOrText';
import { island } from './island';
import { plainClick } from './plain-click';

interface GalleryProps {
  items: GalleryItem[];
  /** The caption's id (islands take ids from the server, which numbers them by the whole page). */
  captionId: string;
  words: { enlarge: string; close: string };
  /** False when the visitor hides images (the accessibility panel): their texts are shown instead. */
  imagesShown: boolean;
}

function Gallery({ items, captionId, words, imagesShown }: GalleryProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const thumbs = useRef<(HTMLAnchorElement | null)[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
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
    <>
      <ul className="gallery__grid">
        {items.map((image, index) => (
          <li key={image.src} className="gallery__item">
            <a
              href={image.src}
              className="gallery__thumb"
              // A press before the island has woken opens the modal once it has, not the bare image.
              data-held-click=""
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              onClick={open(index)}
            >
              <ImageOrText shown={imagesShown} src={image.src} alt={image.alt} width={image.width} height={image.height} loading="lazy" decoding="async" />
              <span className="visually-hidden"> ({words.enlarge})</span>
            </a>
          </li>
        ))}
      </ul>
      <dialog ref={dialogRef} className="gallery__dialog" aria-labelledby={item ? captionId : undefined} onClose={onClose} onClick={onDialogClick}>
        <div className="gallery__frame">
          <button ref={closeRef} type="button" className="gallery__close" aria-label={words.close} onClick={close}>
            <span aria-hidden="true">×</span>
          </button>
          {item ? (
            <figure className="gallery__figure">
              <ImageOrText shown={imagesShown} src={item.src} alt={item.alt} width={item.width} height={item.height} />
              <figcaption id={captionId}>{item.caption}</figcaption>
            </figure>
          ) : null}
        </div>
      </dialog>
    </>
  );
}

// Below the page's text: its code loads as it nears the viewport (or at a pointer over a thumbnail).
export default island('Gallery', Gallery, 'visible');
