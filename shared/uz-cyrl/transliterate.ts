/**
 * Uzbek between its two scripts: toCyrillic renders Latin content and interface words for the uz-Cyrl
 * rendition; toLatin lets a query typed in Cyrillic find Latin pages.
 */
export { toCyrillic } from './to-cyrillic';
export { toLatin } from './to-latin';
export { KEEP_LATIN, keepLatin } from './keep-latin';
