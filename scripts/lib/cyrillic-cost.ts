/**
 * What the uz-cyrl rendition adds to a cold fill: all embedded content (the site's real size) read
 * through a cold data cache, parsed, sanitised and transliterated, then the transliteration alone run
 * again on the same Latin fields (plain text and rich text, as the parsers do), in characters per
 * millisecond; and the same rate on hostile fields of 64 KB (long runs of one class of character),
 * which must stay of the same order as the content's. Bundled and run by scripts/cyrillic-cost.mjs:
 * speed is a measurement, never a test (test/unit/uz-cyrl-linear.test.ts bounds it).
 */
import { createSiteApi } from '../../server/backend/api';
import { DataCache } from '../../server/backend/cache';
import { createEmbeddedSource } from '../../server/backend/embedded-source';
import { EMBEDDED_STUDENT_LIFE_PATH } from '../../server/backend';
import { DataSession } from '../../server/backend/session';
import { cyrillicHtml } from '../../server/rich-text/cyrillic';
import { sanitizeHtml } from '../../server/sanitize';
import { collectCatalogue } from '../../server/search/catalogue';
import { cyrillicText } from '../../shared/cyrillic';

/** Every Latin Uzbek field a parsed value holds: records with both `uz` and `uz-cyrl`. */
function latinFields(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) latinFields(item, out);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.uz === 'string' && typeof record['uz-cyrl'] === 'string') out.push(record.uz);
    else for (const item of Object.values(record)) latinFields(item, out);
  }
  return out;
}

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;

/** Hostile plain-text fields: a Latin word, then a long run of one class of character. */
const HOSTILE: Record<string, string> = {
  'б (Cyrillic)': 'б',
  gʻ: 'gʻ',
  'one Latin word': 'a',
  'aB (capitals inside a word)': 'aB',
  'a- (hyphens)': 'a-',
  'a. (dots)': 'a.',
  '/ (slashes)': '/',
};
const HOSTILE_SIZE = 64 * 1024;

/** Characters per millisecond of `transform` over `texts`, from the best of `rounds` runs. */
function rate(texts: string[], transform: (text: string) => string, rounds: number): number {
  const chars = texts.reduce((sum, text) => sum + text.length, 0);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = process.hrtime.bigint();
    for (const text of texts) transform(text);
    best = Math.min(best, ms(started));
  }
  return chars / best;
}

export async function cyrillicCost(): Promise<string> {
  // The sanitiser thread starts once per process: started here, it is not counted as the fill's.
  await sanitizeHtml('<p>a</p>');
  const cache = new DataCache({ source: createEmbeddedSource(), ttlMs: 60_000, staleMs: 60_000, maxKeys: 1000 });
  const api = createSiteApi(cache, new DataSession(), { studentLifePath: EMBEDDED_STUDENT_LIFE_PATH });
  const started = process.hrtime.bigint();
  const catalogue = await collectCatalogue(api);
  const fillMs = ms(started);
  const fields = latinFields(catalogue);
  const rich = fields.filter((field) => field.includes('<'));
  const chars = fields.reduce((sum, field) => sum + field.length, 0);
  const rounds = 20;
  const again = process.hrtime.bigint();
  for (let round = 0; round < rounds; round++) for (const field of fields) (field.includes('<') ? cyrillicHtml : cyrillicText)(field);
  const cyrillicMs = ms(again) / rounds;
  const contentRate = rate(fields, (field) => (field.includes('<') ? cyrillicHtml : cyrillicText)(field), rounds);
  const hostile = Object.entries(HOSTILE).map(([name, unit]) => {
    const field = `a ${unit.repeat(HOSTILE_SIZE / unit.length)}`;
    const perMs = rate([field], cyrillicText, 1);
    return `  ${name}: ${perMs >= 10 ? Math.round(perMs) : perMs.toPrecision(2)} chars/ms (${Math.round(field.length / perMs)} ms)`;
  });
  return [
    `cold fill of all embedded content (${cache.stats.upstreamCalls} responses): ${fillMs.toFixed(1)} ms; ` +
      `its uz-cyrl rendition alone: ${cyrillicMs.toFixed(1)} ms (${((cyrillicMs / fillMs) * 100).toFixed(1)} %; ` +
      `${fields.length} Latin fields, ${rich.length} of them rich text, ${Math.round(chars / 1024)} K characters; mean of ${rounds})`,
    `transliteration rate on that content: ${Math.round(contentRate)} chars/ms (best of ${rounds})`,
    `on a hostile 64 KB plain field, "a " and a run of (one run each):`,
    ...hostile,
    'the quadratic transliterator it replaced, on the same inputs: docs/performance.md#the-uz-cyrl-rendition',
  ].join('\n');
}
