/**
 * Text from HTML without a DOM, for the main thread: plain text of sanitised HTML (previews, search,
 * feeds), and the plain-text stand-in for rich text that is over a limit or could not be sanitised.
 * Both are single linear passes, whatever the input.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8}|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower in ENTITIES) return ENTITIES[lower]!;
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number(lower.slice(1));
      return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return whole;
  });
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** Block ends become spaces, so words of adjacent paragraphs or cells do not run together. */
const BLOCK = new Set([
  'p',
  'br',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'th',
  'div',
  'blockquote',
  'pre',
  'table',
  'ul',
  'ol',
  'figcaption',
  'hr',
]);
/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'title', 'svg', 'math']);

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isNameChar = (c: number) => isLetter(c) || (c >= 48 && c <= 57) || c === 45;

/** The lower-case tag name starting at `at` (after '<' or '</'), at most 16 characters. */
function tagName(html: string, at: number): string {
  let end = at;
  while (end < html.length && end - at < 16 && isNameChar(html.charCodeAt(end))) end++;
  return html.slice(at, end).toLowerCase();
}

/**
 * The visible text of HTML, whitespace collapsed. Tags are skipped by index, not by a regex that could
 * backtrack: an unterminated tag ends the text, as it would in a browser. Reading stops once `maxChars`
 * of text are collected, so the work is bounded by the output as well as the input.
 */
export function textOfHtml(html: string, maxChars = Number.POSITIVE_INFINITY): string {
  const parts: string[] = [];
  let collected = 0;
  let at = 0;
  while (at < html.length && collected <= maxChars) {
    const open = html.indexOf('<', at);
    const text = html.slice(at, open === -1 ? html.length : open);
    if (text) {
      parts.push(text);
      collected += text.length;
    }
    if (open === -1) break;
    const next = html.charCodeAt(open + 1);
    const closing = next === 47;
    if (!isLetter(next) && !closing && next !== 33 && next !== 63) {
      parts.push('<');
      at = open + 1;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    const name = tagName(html, closing ? open + 2 : open + 1);
    at = close + 1;
    if (!closing && HIDDEN.has(name)) {
      // Searching on from here only: every character is still looked at once.
      const end = new RegExp(`</${name}`, 'gi');
      end.lastIndex = at;
      at = end.exec(html)?.index ?? html.length;
    } else if (BLOCK.has(name)) {
      parts.push(' ');
    }
  }
  return decodeEntities(parts.join('')).replace(/\s+/g, ' ').trim();
}

/** At most this much text stands in for rich text that could not be kept as HTML. */
export const PLAIN_TEXT_MAX_CHARS = 20_000;
/** ...read from at most this much of its HTML, so that the main thread's work stays bounded whatever the field's size. */
const PLAIN_TEXT_MAX_INPUT = 4 * PLAIN_TEXT_MAX_CHARS;

/** Rich text as one escaped paragraph of its text, cut with an ellipsis where it was too long. */
export function plainTextHtml(dirty: string): string {
  const cut = dirty.length > PLAIN_TEXT_MAX_INPUT;
  const text = textOfHtml(cut ? dirty.slice(0, PLAIN_TEXT_MAX_INPUT) : dirty, PLAIN_TEXT_MAX_CHARS + 1);
  if (!text) return '';
  const shown = text.length > PLAIN_TEXT_MAX_CHARS ? text.slice(0, PLAIN_TEXT_MAX_CHARS).trimEnd() : text;
  return `<p>${escapeHtml(shown)}${cut || shown !== text ? '…' : ''}</p>`;
}
