/**
 * XML text from untrusted strings: characters XML 1.0 forbids (control characters, lone surrogates)
 * and the C1 controls are dropped, markup characters escaped, so a backend title with '</script>', '&'
 * or U+0000 still makes a well-formed document.
 */
const NOT_XML = /[^\t\n\r\u0020-\u007E\u00A0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** For element text and attribute values alike. */
export function xml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}
