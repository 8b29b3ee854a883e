/**
 * Text from HTML without a DOM, for the main thread: plain text of sanitised HTML (previews, search,
 * feeds), and the plain-text stand-in for rich text that is over a limit or could not be sanitised.
 * Both are single linear passes, whatever the input.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };

function decodeEntities(text: string): string {
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
const BLOCK_END = /^\/?(p|br|li|h[1-6]|tr|td|th|div|blockquote|pre|table|ul|ol|figcaption|hr)$/i;
/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set(['script', 'style', 'template', 'noscript', 'textarea', 'title', 'svg', 'math']);

/**
 * The visible text of HTML, whitespace collapsed. Tags are skipped by index, not by a regex that could
 * backtrack: an unterminated tag ends the text, as it would in a browser.
 */
export function textOfHtml(html: string): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) {
      out += html.slice(at);
      break;
    }
    out += html.slice(at, open);
    const next = html.charCodeAt(open + 1);
    const isTag = (next >= 65 && next <= 90) || (next >= 97 && next <= 122) || next === 47 || next === 33 || next === 63;
    if (!isTag) {
      out += '<';
      at = open + 1;
      continue;
    }
    const close = html.indexOf('>', open + 1);
    if (close === -1) break;
    const name = /^\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(html.slice(open + 1, Math.min(close, open + 40)))?.[1]?.toLowerCase() ?? '';
    at = close + 1;
    if (HIDDEN.has(name) && html[open + 1] !== '/') {
      // Searching on from here only: every character is still looked at once.
      const end = new RegExp(`</${name}`, 'gi');
      end.lastIndex = at;
      at = end.exec(html)?.index ?? html.length;
      continue;
    }
    if (BLOCK_END.test(html[open + 1] === '/' ? `/${name}` : name)) out += ' ';
  }
  return decodeEntities(out).replace(/\s+/g, ' ').trim();
}

/** At most this much text stands in for rich text that could not be kept as HTML. */
export const PLAIN_TEXT_MAX_CHARS = 20_000;

/** Rich text as one escaped paragraph of its text, cut at PLAIN_TEXT_MAX_CHARS with an ellipsis. */
export function plainTextHtml(dirty: string): string {
  const text = textOfHtml(dirty);
  if (!text) return '';
  const cut = text.length > PLAIN_TEXT_MAX_CHARS ? `${text.slice(0, PLAIN_TEXT_MAX_CHARS).trimEnd()}…` : text;
  return `<p>${escapeHtml(cut)}</p>`;
}
