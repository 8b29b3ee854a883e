/**
 * Pages whose document may carry inline <style> elements: only /XQQ (any language, any case), where
 * docx-preview writes the Word document's styles as <style>. The server relaxes `style-src` for these
 * paths alone (server/security.ts).
 */
import { escapeRegExp } from './escape-regexp';
import { DEFAULT_LANG, LANGS } from './lang';
import { pageEntry } from './page-table';

const prefixes = LANGS.filter((lang) => lang !== DEFAULT_LANG)
  .map(escapeRegExp)
  .join('|');
const path = escapeRegExp(pageEntry('WomensCommittee').path);

/** Case-insensitive, trailing slash optional, as route matching is. */
export const INLINE_STYLE_PATH = new RegExp(`^(?:\\/(?:${prefixes}))?\\/${path}\\/?$`, 'i');
