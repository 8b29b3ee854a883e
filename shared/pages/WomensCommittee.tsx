import { useEffect, useRef, useState } from 'react';
import { useT } from '../app-context';
import { ExternalLink } from '../components/links';
import { PageHeading } from '../components/PageHeading';
import { Seo } from '../components/Seo';
import { useHydrated } from '../hooks';
import { INLINE_STYLE_PATH } from '../inline-styles';
import '../styles/womens-committee.css';

/** The bundled document (scripts/generate-docx.mjs), served from the site's own origin. */
const DOCUMENT_URL = '/docs/xotin-qizlar-qomitasi.docx';
/** SPEC section 8: the internal error of a non-OK response; visitors see `failed` instead. */
const FETCH_FAILED = "Faylni yuklab bo'lmadi";

/** SPEC section 9: the viewer breaks pages and does not ignore width or height. */
const VIEWER_OPTIONS = {
  className: 'docx',
  inWrapper: true,
  breakPages: true,
  ignoreWidth: false,
  ignoreHeight: false,
  renderAltChunks: false,
} as const;

type ViewerState = 'loading' | 'rendered' | 'failed';

/**
 * The women's committee document page (/XQQ). The server sends a description and the download link,
 * which is all a visitor without JavaScript needs; the browser then renders the .docx in place as
 * pages with docx-preview, loaded only by this page's chunk.
 */
export default function WomensCommittee() {
  const t = useT();
  return (
    <div className="container page">
      <Seo title={t.pages.xqq.title} description={t.pages.xqq.description} />
      <PageHeading title={t.pages.xqq.title} />
      <p className="xqq-intro">{t.womensCommittee.intro}</p>
      <p className="xqq-download">
        <ExternalLink href={DOCUMENT_URL} className="button">
          {t.womensCommittee.download}
        </ExternalLink>
        <span className="xqq-download__type">{t.womensCommittee.fileType}</span>
      </p>
      <DocumentViewer />
    </div>
  );
}

/**
 * docx-preview writes the document's styles as <style> elements, which only the CSP of an /XQQ document
 * allows. A client navigation from another page keeps that page's strict policy, so the page is then
 * loaded once as a document of its own (no loop: a document already loaded at this URL is kept).
 */
function needsOwnDocument(): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  const loadedPath = entry ? new URL(entry.name).pathname : window.location.pathname;
  return loadedPath !== window.location.pathname && !INLINE_STYLE_PATH.test(loadedPath);
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

function DocumentViewer() {
  const t = useT();
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<ViewerState>('loading');

  useEffect(() => {
    if (needsOwnDocument()) {
      window.location.reload();
      return;
    }
    const controller = new AbortController();
    const render = async () => {
      const response = await fetch(DOCUMENT_URL, { cache: 'no-store', signal: controller.signal });
      if (!response.ok) throw new Error(FETCH_FAILED);
      const data = await response.arrayBuffer();
      const { renderAsync } = await import('docx-preview');
      const target = container.current;
      if (controller.signal.aborted || !target) return;
      await renderAsync(data, target, undefined, VIEWER_OPTIONS);
      tidyDocument(target);
      setState('rendered');
    };
    render().catch((error: unknown) => {
      if (controller.signal.aborted) return;
      console.error(error);
      setState('failed');
    });
    return () => controller.abort();
  }, []);

  return (
    <section className="xqq-viewer" aria-label={t.womensCommittee.viewer} aria-busy={hydrated && state === 'loading'}>
      {hydrated && state === 'loading' ? (
        <p className="loading" role="status">
          {t.womensCommittee.loading}
        </p>
      ) : null}
      {state === 'failed' ? (
        <div className="notice xqq-failed" role="alert">
          <p>{t.womensCommittee.failed}</p>
          <p>
            <ExternalLink href={DOCUMENT_URL}>{t.womensCommittee.download}</ExternalLink>
          </p>
        </div>
      ) : null}
      {/* docx-preview owns this element's children; React renders none. */}
      {/* Pages are wider than a phone: the frame scrolls, so it takes focus for keyboard scrolling. */}
      <div ref={container} className="xqq-document" hidden={state === 'failed'} tabIndex={0} role="group" aria-label={t.pages.xqq.title} />
    </section>
  );
}
