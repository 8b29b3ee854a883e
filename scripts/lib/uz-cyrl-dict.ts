/**
 * The Cyrillic interface dictionary made from the Latin one (shared/i18n/uz.ts): its TypeScript source
 * and the Latin text each entry was made from, keyed by path. scripts/generate-uz-cyrl-dict.mjs writes
 * both; test/unit/uz-cyrl-dict.test.ts compares the recorded Latin with the current one.
 */
import { uz } from '../../shared/i18n/uz';
import { DICTIONARY_OVERRIDES } from '../../shared/uz-cyrl/dictionary-overrides';
import { toCyrillic } from '../../shared/uz-cyrl/transliterate';

type Leaf = string | ((...args: never[]) => string);

/** A function entry's parameter names, read from its source: `(page, pages) => …`. */
function parameters(fn: (...args: never[]) => string): string[] {
  const list = /^\s*(?:function\s*\w*)?\(([^)]*)\)/.exec(fn.toString())?.[1] ?? '';
  return list
    .split(',')
    .map((param) => param.split(':')[0]!.trim())
    .filter(Boolean);
}

/**
 * The Latin text of an entry: a string as it is, a function called with `{name}` for each parameter
 * (the transliterator leaves placeholders alone), so that a changed template changes the record too.
 */
export function latinSource(leaf: Leaf): string {
  if (typeof leaf === 'string') return leaf;
  const call = leaf as (...args: string[]) => string;
  return call(...parameters(leaf).map((name) => `{${name}}`));
}

/** Every entry of uz as [path, leaf], arrays by index. */
export function entries(value: unknown = uz, path = ''): [string, Leaf][] {
  if (typeof value === 'string' || typeof value === 'function') return [[path, value as Leaf]];
  return Object.entries(value as object).flatMap(([key, child]) => entries(child, path ? `${path}.${key}` : key));
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function cyrillic(path: string, leaf: Leaf): string {
  if (typeof leaf === 'string') return quote(DICTIONARY_OVERRIDES[path] ?? toCyrillic(leaf));
  const names = parameters(leaf);
  let body = DICTIONARY_OVERRIDES[path] ?? toCyrillic(latinSource(leaf));
  body = body.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
  for (const name of names) body = body.split(`{${name}}`).join(`\${${name}}`);
  return `(${names.join(', ')}) => \`${body}\``;
}

function literal(value: unknown, path: string): string {
  if (typeof value === 'string' || typeof value === 'function') return cyrillic(path, value as Leaf);
  if (Array.isArray(value)) return `[${value.map((item, index) => literal(item, path ? `${path}.${index}` : `${index}`)).join(', ')}]`;
  const fields = Object.entries(value as object).map(([key, child]) => {
    const name = IDENTIFIER.test(key) ? key : quote(key);
    return `${name}: ${literal(child, path ? `${path}.${key}` : key)}`;
  });
  return `{${fields.join(', ')}}`;
}

export const HEADER = `/**
 * Uzbek (Cyrillic script): made from shared/i18n/uz.ts by the transliterator (shared/uz-cyrl) with the
 * overrides of shared/uz-cyrl/dictionary-overrides.ts. Do not edit: change uz.ts or the overrides and
 * run \`node scripts/generate-uz-cyrl-dict.mjs\` (also part of \`npm run generate\`).
 */
import type { Dict } from './uz';
`;

/** The dictionary module's source (before formatting) and the Latin record. */
export function renderUzCyrl(): { source: string; record: Record<string, string> } {
  const source = `${HEADER}\nexport const uzCyrl: Dict = ${literal(uz, '')};\n`;
  const record = Object.fromEntries(entries().map(([path, leaf]) => [path, latinSource(leaf)]));
  return { source, record };
}
