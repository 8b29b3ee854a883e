/**
 * The uz-cyrl rendition of sanitised rich text (server/sanitize.ts's output, DOMPurify's serialisation):
 * only text between tags changes, never a tag or an attribute (so no URL, image mark or alt text).
 * Text stays as written where it is not Uzbek words to read:
 *   - inside <code>, <pre>, <kbd>, <samp> and <var>;
 *   - inside an element whose `lang` names another language or the Latin script (`lang="en"`,
 *     `lang="uz-Latn"`); `lang="uz"` (or uz-UZ) turns Cyrillic back on inside such an element;
 *   - inside an element with `translate="no"`, HTML's own "leave this text as it is" (an editor's
 *     marker for Latin-script names and quotations);
 *   - web and e-mail addresses in any text (shared/cyrillic.ts).
 * One pass over the HTML; runs once per data change, when the data cache fills.
 */
import { cyrillicText } from '../../shared/cyrillic';
import { decodeEntities, escapeHtml } from './text';

const VERBATIM = new Set(['code', 'pre', 'kbd', 'samp', 'var']);
const VOID = new Set(['area', 'br', 'col', 'hr', 'img', 'wbr', 'input', 'source', 'track']);
const ATTRIBUTE = /\s([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Whether an element keeps its text Latin, given its tag and whether its parent does. */
function keepsLatin(name: string, tag: string, parentKeeps: boolean): boolean {
  if (VERBATIM.has(name)) return true;
  let keeps = parentKeeps;
  for (const [, attribute, ...values] of tag.matchAll(ATTRIBUTE)) {
    const value = (values.find((v) => v !== undefined) ?? '').trim().toLowerCase();
    if (attribute!.toLowerCase() === 'translate' && value === 'no') return true;
    if (attribute!.toLowerCase() === 'lang' && value) keeps = !/^uz(?:-uz)?$/.test(value);
  }
  return keeps;
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
  return /[A-Za-z]/.test(text) ? escapeHtml(cyrillicText(decodeEntities(text))) : text;
}

export function cyrillicHtml(html: string): string {
  const out: string[] = [];
  /** For each open element, its name and whether its text stays Latin. */
  const open: Array<{ name: string; keeps: boolean }> = [];
  /** How many elements of each name are open: a closing tag with none open costs nothing. */
  const openByName = new Map<string, number>();
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf('<', at);
    const text = html.slice(at, lt === -1 ? html.length : lt);
    if (text) out.push(open.at(-1)?.keeps ? text : cyrillicRun(text));
    if (lt === -1) break;
    if (html.startsWith('<!--', lt)) {
      const close = html.indexOf('-->', lt + 4);
      at = close === -1 ? html.length : close + 3;
      out.push(html.slice(lt, at));
      continue;
    }
    const end = tagEnd(html, lt);
    const tag = html.slice(lt, end);
    out.push(tag);
    at = end;
    const name = /^<\/?([a-zA-Z][a-zA-Z0-9-]*)/.exec(tag)?.[1]?.toLowerCase();
    if (!name) continue;
    if (tag[1] === '/') {
      // Serialised HTML closes what it opens, in order: drop up to the matching element. Each element
      // is pushed and popped once, so this stays linear however deep the nesting.
      if (!openByName.get(name)) continue;
      for (let closed = open.pop(); closed; closed = open.pop()) {
        openByName.set(closed.name, openByName.get(closed.name)! - 1);
        if (closed.name === name) break;
      }
    } else if (!VOID.has(name)) {
      open.push({ name, keeps: keepsLatin(name, tag, open.at(-1)?.keeps ?? false) });
      openByName.set(name, (openByName.get(name) ?? 0) + 1);
    }
  }
  return out.join('');
}
