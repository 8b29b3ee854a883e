/**
 * What the uz-cyrl rendition adds to a cold fill: all embedded content (the site's real size) read
 * through a cold data cache, parsed, sanitised and transliterated, then the transliteration alone run
 * again on the same Latin fields (plain text and rich text, as the parsers do). Bundled and run by
 * scripts/cyrillic-cost.mjs: speed is a measurement, never a test.
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
  return (
    `cold fill of all embedded content (${cache.stats.upstreamCalls} responses): ${fillMs.toFixed(1)} ms; ` +
    `its uz-cyrl rendition alone: ${cyrillicMs.toFixed(1)} ms (${((cyrillicMs / fillMs) * 100).toFixed(1)} %; ` +
    `${fields.length} Latin fields, ${rich.length} of them rich text, ${Math.round(chars / 1024)} K characters; mean of ${rounds})`
  );
}
