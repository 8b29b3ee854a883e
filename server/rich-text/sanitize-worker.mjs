// @ts-check
/**
 * The sanitiser thread: DOMPurify on one jsdom window, off the main thread so that no backend content
 * can stall page requests (server/rich-text/pool.ts sends one field at a time and ends this thread if
 * a field takes too long). Plain JavaScript, so the same file runs from the sources in tests and from
 * dist/server in production (build.mjs copies it there).
 *
 * Messages in: { id, html, base }; out: { ready, tid } once loaded, then { id, html } or { id, error }.
 */
import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * This thread's id in the kernel, for the pool to read the CPU time it used (pool.ts counts a field's
 * time limit in it), or null where there is no /proc.
 */
function ownThreadId() {
  try {
    return Number(readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

const tid = process.platform === 'linux' ? ownThreadId() : null;

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'pre',
  'code',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'a',
  'img',
  'figure',
  'figcaption',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'span',
  'div',
];
/** `lang` and `translate` mark text the uz-cyrl rendition keeps in Latin (server/rich-text/cyrillic.ts). */
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'scope', 'lang', 'translate'];
/** Content of these is dropped with the element, not kept as text. */
const FORBID_CONTENTS = ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'select', 'textarea'];

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);
const IMAGE_SCHEMES = new Set(['http:', 'https:']);

const { window } = new JSDOM('');
const purify = createDOMPurify(/** @type {any} */ (window));

let currentBase = '';

/**
 * The URL checked as a browser would read it: the URL parser drops tabs and newlines, so
 * "java\nscript:" is javascript:, and only the parsed scheme counts. Relative URLs in backend HTML are
 * relative to the backend; with no base (embedded content) only site-relative paths ('/media/a.png',
 * not '//host') are kept.
 * @param {string | null} raw
 * @param {Set<string>} schemes
 * @returns {string | null}
 */
function safeUrl(raw, schemes) {
  const cleaned = (raw ?? '').trim().replace(/[\t\n\r]/g, '');
  if (!cleaned) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(cleaned);
  if (!hasScheme && !currentBase) return /^\/(?!\/)/.test(cleaned) ? cleaned : null;
  let url;
  try {
    url = new URL(cleaned, currentBase || undefined);
  } catch {
    return null;
  }
  if (!schemes.has(url.protocol)) return null;
  return hasScheme ? cleaned : url.href;
}

/**
 * The attribute that marks each image kept (server/images/rich-text.ts reads it). Never let through
 * from the backend: data- attributes are not allowed, and an image's attributes are all set here.
 */
const IMAGE_MARK = 'data-rich-img';

/**
 * An editor's width or height in pixels ("300"), or '' for anything else (percentages, units, zero).
 * @param {string | null} raw
 */
function pixels(raw) {
  const value = (raw ?? '').trim();
  return /^[1-9]\d{0,4}$/.test(value) ? value : '';
}

/**
 * Images are not served as the backend sent them: the page's image URLs are made on the way out (they
 * are signed and carry the source's version, which changes apart from this HTML). So each image kept
 * loses its src, width and height, and gets, as its first attribute, a mark whose value is made only of
 * characters no serialiser escapes: `<source in base64url>.<width>.<height>` (the editor's pixel size,
 * each possibly empty). Serialised, every image then starts with exactly `<img data-rich-img="…"`,
 * a string nothing else in the output can hold: text escapes `<`, attribute values escape `"`.
 * @param {Element} node
 * @param {string} src
 */
function markImage(node, src) {
  const width = pixels(node.getAttribute('width'));
  const height = pixels(node.getAttribute('height'));
  const kept = [...node.attributes].filter((a) => a.name !== 'src' && a.name !== 'width' && a.name !== 'height');
  for (const attribute of [...node.attributes]) node.removeAttribute(attribute.name);
  node.setAttribute(IMAGE_MARK, `${Buffer.from(src).toString('base64url')}.${width}.${height}`);
  for (const attribute of kept) node.setAttribute(attribute.name, attribute.value);
  node.setAttribute('loading', 'lazy');
  node.setAttribute('decoding', 'async');
  if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
}

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = safeUrl(node.getAttribute('href'), LINK_SCHEMES);
    if (href) {
      node.setAttribute('href', href);
      if (/^https?:/i.test(href)) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    } else {
      node.removeAttribute('href');
    }
  }
  if (node.tagName === 'IMG') {
    const src = safeUrl(node.getAttribute('src'), IMAGE_SCHEMES);
    if (src) markImage(node, src);
    else node.remove();
  }
});

/**
 * Backend rich text sits under the page's <h1> and often starts at <h3>: its headings are shifted so
 * the highest becomes <h2> and the levels below keep their order, so no heading level is skipped
 * (screen reader users navigate by them). Runs on DOMPurify's own serialisation, so tags are plain.
 * @param {string} html
 */
function outlineUnderPageHeading(html) {
  const levels = [...html.matchAll(/<h([2-6])\b/g)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shift = Math.min(...levels) - 2;
  if (shift === 0) return html;
  return html.replace(/<(\/?)h([2-6])\b/g, (_, slash, level) => `<${slash}h${Number(level) - shift}`);
}

/**
 * @param {string} dirty
 * @param {string} base
 */
function sanitize(dirty, base) {
  currentBase = base;
  try {
    return outlineUnderPageHeading(
      String(
        purify.sanitize(dirty, {
          ALLOWED_TAGS,
          ALLOWED_ATTR,
          ALLOW_DATA_ATTR: false,
          ALLOW_ARIA_ATTR: false,
          KEEP_CONTENT: true,
          FORBID_CONTENTS,
        }),
      ),
    );
  } finally {
    currentBase = '';
  }
}

const port = parentPort;
if (!port) throw new Error('sanitize-worker.mjs runs as a worker thread only');
port.on('message', (/** @type {{ id: number, html: string, base: string }} */ task) => {
  try {
    port.postMessage({ id: task.id, html: sanitize(task.html, task.base) });
  } catch (error) {
    port.postMessage({ id: task.id, error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true, tid });
