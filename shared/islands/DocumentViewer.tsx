/**
 * The .docx viewer of /XQQ: it fetches the bundled document and renders it in place as pages with
 * docx-preview, a library as large as the rest of the page's code. It does so by itself, with no press
 * needed, but only once the page is interactive (the island wakes `settled`: near the viewport or when
 * the browser is idle), so the library never competes with the page's first scripts. On failure it shows
 * the message and the download link. Without JavaScript the page's download link is all there is, and
 * the viewer is hidden (CSS).
 */
import { useEffect, useRef, useState } from 'react';
import { island } from './island';

/** The error logged for a non-OK response; visitors see `failed` instead. */
const FETCH_FAILED = "Faylni yuklab bo'lmadi";

/** The document is shown page by page, at its own width and height. */
const VIEWER_OPTIONS = {
  className: 'docx',
  inWrapper: true,
  breakPages: true,
  ignoreWidth: false,
  ignoreHeight: false,
  renderAltChunks: false,
} as const;

/** `waiting`: as the server renders it, before the island has hydrated. */
type ViewerState = 'waiting' | 'loading' | 'rendered' | 'failed';

interface DocumentViewerProps {
  /** The document, on the site's own origin. */
  src: string;
  words: { loading: string; failed: string; download: string; opensInNewTab: string; viewer: string; document: string };
}

/**
 * Links in a document may point anywhere; only http(s) ones stay links (new tab), the rest become text.
 * Images keep the description the document gives them (docx-preview writes it as a title, if at all);
 * without one they are marked decorative rather than read out as a file name.
 */
function tidyDocument(root: HTMLElement): void {
  for (const image of root.querySelectorAll('img:not([alt])')) image.setAttribute('alt', image.getAttribute('title') ?? '');
  for (const link of root.querySelectorAll('a')) {
    const href = link.getAttribute('href');
    if (href === null) continue;
    if (/^https?:\/\//i.test(href.trim())) {
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
    } else {
      link.replaceWith(...link.childNodes);
    }
  }
}

async function renderDocument(src: string, target: HTMLElement): Promise<void> {
  const [response, { renderAsync }] = await Promise.all([fetch(src, { cache: 'no-store' }), import('docx-preview')]);
  if (!response.ok) throw new Error(FETCH_FAILED);
  await renderAsync(await response.arrayBuffer(), target, undefined, VIEWER_OPTIONS);
  tidyDocument(target);
}

function DocumentViewer({ src, words }: DocumentViewerProps) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>('waiting');

  // The island wakes when the document is wanted: rendering starts as it hydrates.
  useEffect(() => {
    const target = container.current;
    if (!target) return;
    let current = true;
    setState('loading');
    renderDocument(src, target).then(
      () => current && setState('rendered'),
      (error: unknown) => {
        console.error(error);
        if (current) setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [src]);

  return (
    <section className="xqq-viewer" aria-label={words.viewer} aria-busy={state === 'loading'}>
      {state === 'loading' ? (
        <p className="loading" role="status">
          {words.loading}
        </p>
      ) : null}
      {state === 'failed' ? (
        <div className="notice xqq-failed" role="alert">
          <p>{words.failed}</p>
          <p>
            <a href={src} target="_blank" rel="noopener noreferrer">
              {words.download}
              <span className="visually-hidden"> {words.opensInNewTab}</span>
            </a>
          </p>
        </div>
      ) : null}
      {/* docx-preview owns this element's children; React renders none. */}
      {/* Pages are wider than a phone: the frame scrolls, so it takes focus for keyboard scrolling. */}
      <div ref={container} className="xqq-document" hidden={state === 'waiting' || state === 'failed'} tabIndex={0} role="group" aria-label={words.document} />
    </section>
  );
}

export default island('DocumentViewer', DocumentViewer, 'settled');
