/**
 * How much rich text one backend answer may hold, in each rendition, all its fields together. Each
 * field is bounded on its own (server/rich-text/limits.ts), but a list holds many: /about, /rules and a
 * faculty's staff show every entry's text on one page, and a list of news or articles is held in memory
 * whole. Past the budget a field shows the notice that it cannot be shown, so a page made from one
 * answer has a size that can be stated (docs/content.md) and parsing one answer holds a bounded amount.
 */
import type { Lang } from '../../shared/lang';
import { shownWithin, unavailableNotice } from '../sanitize';

/**
 * Characters of rich text one answer shows in each rendition, images' attributes counted: four fields
 * at their own bound, twenty long articles, the whole of a long set of regulations five times over.
 */
export const ANSWER_RICH_TEXT_MAX_CHARS = 1024 * 1024;

export class RichTextBudget {
  private readonly left: Record<Lang, number> = {
    uz: ANSWER_RICH_TEXT_MAX_CHARS,
    'uz-cyrl': ANSWER_RICH_TEXT_MAX_CHARS,
    ru: ANSWER_RICH_TEXT_MAX_CHARS,
    en: ANSWER_RICH_TEXT_MAX_CHARS,
  };
  private last: Promise<unknown> = Promise.resolve();

  /**
   * `use(value)` once `field` has come and every field asked for before it has had its turn. Fields are
   * asked for in the answer's order, so the same answer always keeps the same fields, whichever the
   * sanitiser thread answered first.
   */
  inTurn<T, R>(field: Promise<T>, use: (value: T) => R): Promise<R> {
    const turn = this.last.then(() => field).then(use);
    this.last = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Sanitised `html` in `lang` within a field's bound (its text past it) while the answer has room for
   * it, counted; else the notice.
   */
  fit(lang: Lang, html: string): string {
    const within = shownWithin(html, lang);
    if (within.shown <= this.left[lang]) {
      this.left[lang] -= within.shown;
      return within.html;
    }
    return unavailableNotice(lang);
  }
}
