/**
 * Backend rich text is untrusted. DOMPurify on one jsdom window for the whole process turns it into a
 * small, safe subset of HTML once, when the data cache fills, never per request.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption',
  'a', 'img', 'figure', 'figcaption',
  'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'span', 'div',
];
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'scope', 'lang'];

// Site-relative paths ('/media/a.png', not '//host') are this site's own when there is no base.
const SAFE_LINK = /^(https?:|mailto:|tel:|\/(?!\/))/i;
const SAFE_IMAGE = /^(https?:|\/(?!\/))/i;

const { window } = new JSDOM('');
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

let currentBase = '';

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    const href = absolute(node.getAttribute('href'));
    if (href && SAFE_LINK.test(href)) {
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
    const src = absolute(node.getAttribute('src'));
    if (src && SAFE_IMAGE.test(src)) {
      node.setAttribute('src', src);
      node.setAttribute('loading', 'lazy');
      node.setAttribute('decoding', 'async');
      if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
    } else {
      node.remove();
    }
  }
});

/** Relative URLs in backend HTML are relative to the backend, not to this site. */
function absolute(url: string | null): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || !currentBase) return trimmed;
  try {
    return new URL(trimmed, currentBase).href;
  } catch {
    return null;
  }
}

/**
 * Safe HTML from untrusted HTML. `base` resolves relative links and images (the backend origin; empty
 * for embedded content, whose relative URLs are this site's own).
 */
export function sanitizeHtml(dirty: string, base = ''): string {
  if (!dirty) return '';
  currentBase = base;
  try {
    return outlineUnderPageHeading(purify.sanitize(dirty, {
      ALLOWED_TAGS,
      ALLOWED_ATTR,
      ALLOW_DATA_ATTR: false,
      ALLOW_ARIA_ATTR: false,
      KEEP_CONTENT: true,
      // Content of these is dropped with the element, not kept as text.
      FORBID_CONTENTS: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'form', 'select', 'textarea'],
    }));
  } finally {
    currentBase = '';
  }
}

/**
 * Backend rich text sits under the page's <h1> and often starts at <h3>: its headings are shifted so
 * the highest becomes <h2> and the levels below keep their order, so no heading level is skipped
 * (screen reader users navigate by them). Runs on DOMPurify's own serialisation, so tags are plain.
 */
function outlineUnderPageHeading(html: string): string {
  const levels = [...html.matchAll(/<h([2-6])\b/g)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shift = Math.min(...levels) - 2;
  if (shift === 0) return html;
  return html.replace(/<(\/?)h([2-6])\b/g, (_, slash: string, level: string) => `<${slash}h${Number(level) - shift}`);
}

/** Plain text of sanitised HTML, whitespace collapsed (for previews, descriptions and feeds). */
export function htmlToText(html: string): string {
  const template = window.document.createElement('template');
  template.innerHTML = html.replace(/<(br|\/p|\/li|\/h\d|\/tr)\b[^>]*>/gi, '$& ');
  return (template.content.textContent ?? '').replace(/\s+/g, ' ').trim();
}
