/**
 * Decides, once per page view, whether this one is measured in the field (the share RUM_SAMPLE gives the
 * page as `data-rum-sample` on the entry's script), and only then loads the measuring code (client/field-vitals.ts)
 * as a chunk of its own: once the page is interactive (its first islands hydrated, client/wake.ts) and
 * its load event has passed, when the browser is idle, and, for a page rendered ahead
 * by the speculation rules, only once the visitor is shown it. It never competes with the page, and a
 * page view not drawn costs one random number. web-vitals reads the browser's buffered performance
 * entries, so starting late loses nothing of the page load.
 */
import { FIELD_VITALS_PATH, RUM_SAMPLE_ATTRIBUTE } from '../shared/field-vitals';

/** The longest the measuring code waits for an idle moment once the page is interactive and loaded. */
const IDLE_TIMEOUT_MS = 5000;

export function startFieldVitals(document: Document, interactive: Promise<void>): void {
  const share = Number(document.querySelector(`script[${RUM_SAMPLE_ATTRIBUTE}]`)?.getAttribute(RUM_SAMPLE_ATTRIBUTE));
  if (!(share > 0) || Math.random() >= share) return;
  void Promise.all([loaded(document), interactive]).then(() =>
    whenShown(document, () =>
      idle(() => {
        // A chunk that cannot be had (a deploy replaced it) only costs this view its measurement.
        import('./field-vitals').then(
          ({ measureFieldVitals }) => measureFieldVitals(FIELD_VITALS_PATH),
          () => {},
        );
      }),
    ),
  );
}

function loaded(document: Document): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => addEventListener('load', () => resolve(), { once: true }));
}

/** A page rendered ahead that is never shown is never measured, so it never loads the code either. */
function whenShown(document: Document, then: () => void): void {
  if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', then, { once: true });
  else then();
}

function idle(then: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(then, 1);
}
