/**
 * Limits checked on backend rich text before any parser sees it. jsdom's tree building and DOMPurify's
 * walk grow faster than linearly with nesting (a hundred thousand nested <div> keep the main thread for
 * minutes), and DOMPurify throws on very deep trees, so whatever is over a limit never reaches them: the field is
 * shown as plain text instead. The scan is one pass of a non-backtracking regex, linear in the input.
 *
 * The limits sit far above what editors write: a long article is ~50 KB of HTML, a few hundred
 * elements, nested less than 15 deep.
 */
export const RICH_TEXT_LIMITS = {
  /** Characters of HTML in one field (about 150 printed pages). */
  maxChars: 512 * 1024,
  /** Open elements inside one another at any point. */
  maxDepth: 100,
  /** Start tags in one field. */
  maxElements: 10_000,
  /**
   * Characters one field shows once sanitised, in each rendition, its images' attributes counted as
   * they are written (server/images/rich-text.ts `shownLength`): half the input's bound, five times a
   * long article, so that a page holding one field has a size that can be stated (docs/content.md).
   */
  maxShownChars: 256 * 1024,
};

export type RichTextLimits = typeof RICH_TEXT_LIMITS;

/** Elements that never hold children. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
/** Elements whose end tag is optional: an unclosed <p> or <li> ends at the next one, it does not nest. */
const IMPLIED_END = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'thead', 'tbody', 'tfoot', 'colgroup', 'caption']);

/** Which limit `html` exceeds, or null when it may be parsed. */
export function overLimit(html: string, limits: RichTextLimits = RICH_TEXT_LIMITS): 'size' | 'depth' | 'elements' | null {
  if (html.length > limits.maxChars) return 'size';
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)/g;
  let depth = 0;
  let elements = 0;
  for (let match = tag.exec(html); match; match = tag.exec(html)) {
    const name = match[2]!.toLowerCase();
    if (VOID.has(name) || IMPLIED_END.has(name)) {
      if (!match[1] && ++elements > limits.maxElements) return 'elements';
      continue;
    }
    if (match[1]) {
      depth = Math.max(0, depth - 1);
    } else {
      if (++elements > limits.maxElements) return 'elements';
      if (++depth > limits.maxDepth) return 'depth';
    }
  }
  return null;
}
