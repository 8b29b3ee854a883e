/**
 * The uz-cyrl rendition of sanitised rich text (server/sanitize.ts's output, DOMPurify's serialisation):
 * the text between tags and the text of the `alt` and `title` attributes (what a reader sees with images
 * off, and in a tooltip) change; no other attribute and no tag does (so no URL or image mark).
 * Text stays as written where it is not Uzbek words to read:
 *   - inside <code> and <pre>;
 *   - inside an element whose `lang` names another language or the Latin script (`lang="en"`,
 *     `lang="uz-Latn"`); Uzbek in Cyrillic or without a script (`lang="uz"`, `uz-Cyrl`, `uz-UZ`,
 *     `uz_UZ`) turns Cyrillic back on inside such an element;
 *   - inside an element with `translate="no"`, HTML's own "leave this text as it is" (an editor's
 *     marker for Latin-script names and quotations);
 *   - web and e-mail addresses in any text (shared/cyrillic.ts).
 * The last two hold for attributes too. One pass over the HTML; runs once per data change, when the
 * data cache fills. Each element is pushed and popped once, so the pass is linear however deep the
 * nesting.
 */
import { cyrillicText } from '../../shared/cyrillic';
import { decodeEntities, escapeHtml } from './text';

const VERBATIM = new Set(['code', 'pre']);
const VOID = new Set(['area', 'br', 'col', 'hr', 'img', 'wbr', 'input', 'source', 'track']);
const ATTRIBUTE = /\s([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Attributes whose text a reader sees. */
const READ_ATTRIBUTES = new Set(['alt', 'title']);
/** Uzbek without a script, or in Cyrillic: `uz`, `uz-Cyrl`, `uz-UZ`, `uz_UZ`, `uz-Cyrl-UZ`. */
const UZBEK_IN_CYRILLIC = /^uz(?:[-_](?:cyrl|uz))*$/;
const LATIN_LETTER = /[A-Za-z]/;

interface Element {
  readonly name: string;
  /** Marked as another language or as not to be translated (lang, translate="no"), itself or by an ancestor. */
  readonly foreign: boolean;
  /** Inside <code> or <pre>. */
  readonly verbatim: boolean;
}

/** Whether an element is marked foreign, given its tag and whether its parent is. */
function isForeign(tag: string, parentForeign: boolean): boolean {
  let foreign = parentForeign;
  for (const [, attribute, ...values] of tag.matchAll(ATTRIBUTE)) {
    const value = (values.find((v) => v !== undefined) ?? '').trim().toLowerCase();
    if (attribute!.toLowerCase() === 'translate' && value === 'no') return true;
    if (attribute!.toLowerCase() === 'lang' && value) foreign = !UZBEK_IN_CYRILLIC.test(value);
  }
  return foreign;
}

/** A value for a double-quoted attribute, as DOMPurify's serialisation writes one. */
function attributeValue(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** The tag with its alt and title in Cyrillic, every other byte as it was. */
function withCyrillicAttributes(tag: string): string {
  return tag.replace(ATTRIBUTE, (whole: string, name: string, ...values: (string | undefined)[]) => {
    if (!READ_ATTRIBUTES.has(name.toLowerCase())) return whole;
    const value = values.slice(0, 3).find((v) => v !== undefined);
    if (value === undefined || !LATIN_LETTER.test(value)) return whole;
    return `${whole[0]!}${name}="${attributeValue(cyrillicText(decodeEntities(value)))}"`;
  });
}

/** The index just past the tag that starts at `open` (quoted attribute values may hold '>'). */
function tagEnd(html: string, open: number): number {
  let at = open + 1;
  while (at < html.length) {
    const c = html[at];
    if (c === '>') return at + 1;
    if (c === '"' || c === "'") {
      const close = html.indexOf(c, at + 1);
      if (close === -1) return html.length;
      at = close;
    }
    at++;
  }
  return html.length;
}

function cyrillicRun(text: string): string {
  return LATIN_LETTER.test(text) ? escapeHtml(cyrillicText(decodeEntities(text))) : text;
}

export function cyrillicHtml(html: string): string {
  const out: string[] = [];
  const open: Element[] = [];
  /** How many elements of each name are open: a closing tag with none open costs nothing. */
  const openByName = new Map<string, number>();
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    const text = html.slice(at, lt === -1 ? html.length : lt);
    const parent = open.at(-1);
    if (text) out.push(parent?.foreign || parent?.verbatim ? text : cyrillicRun(text));
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      at = close === -1 ? html.length : close + 3;
      out.push(html.slice(lt, at));
      continue;
    }
    const end = tagEnd(html, lt);
    const tag = html.slice(lt, end);
    at = end;
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag)?.[1]?.toLowerCase();
    if (!name || tag[1] === '/') {
      out.push(tag);
      if (!name || !openByName.get(name)) continue;
      // Serialised HTML closes what it opens, in order: drop up to the matching element.
      for (let closed = open.pop(); closed; closed = open.pop()) {
        openByName.set(closed.name, openByName.get(closed.name)! - 1);
        if (closed.name === name) break;
      }
      continue;
    }
    const foreign = isForeign(tag, parent?.foreign ?? false);
    out.push(foreign ? tag : withCyrillicAttributes(tag));
    if (!VOID.has(name)) {
      open.push({ name, foreign, verbatim: VERBATIM.has(name) || (parent?.verbatim ?? false) });
      openByName.set(name, (openByName.get(name) ?? 0) + 1);
    }
  }
  return out.join('');
}
