/**
 * The search index on the embedded demo content (the site's real size): what it finds, and how long
 * a query takes once it is built. The time is printed, not asserted (speed is a measurement).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSiteApi } from '../../server/backend/api';
import { DataCache } from '../../server/backend/cache';
import { createEmbeddedSource } from '../../server/backend/embedded-source';
import { EMBEDDED_STUDENT_LIFE_PATH } from '../../server/backend';
import { SiteIndex } from '../../server/search';

let index: SiteIndex;

beforeAll(async () => {
  const cache = new DataCache({ source: createEmbeddedSource(), ttlMs: 60_000, staleMs: 60_000, maxKeys: 1000 });
  index = new SiteIndex({ cache, api: (session) => createSiteApi(cache, session, { studentLifePath: EMBEDDED_STUDENT_LIFE_PATH }) });
  await index.current();
});

describe('search on the embedded content', () => {
  it('finds Latin text from a Cyrillic query and marks the Latin word', async () => {
    const results = await index.search('ўқув', 'uz');
    expect(results.length).toBeGreaterThan(0);
    const marked = results.flatMap((r) => [...r.title, ...r.excerpt]).filter((run) => run.mark).map((run) => run.text.toLowerCase());
    expect(marked.some((word) => /^o.quv/.test(word))).toBe(true);
  });

  it('finds programmes by code and the Russian and English pages by a word prefix', async () => {
    const fields = await index.search('603', 'uz');
    expect(fields.some((r) => r.kind === 'programme' || r.kind === 'field')).toBe(true);
    expect((await index.search('общежит', 'ru')).some((r) => r.path === '/TTJ')).toBe(true);
    expect((await index.search('dormit', 'en')).some((r) => r.path === '/TTJ')).toBe(true);
  });

  it('answers nothing for a query without words, and never throws on odd input', async () => {
    expect(await index.search('', 'uz')).toEqual([]);
    expect(await index.search('<>"\u0000', 'ru')).toEqual([]);
    await expect(index.search('a'.repeat(5000), 'en')).resolves.toBeInstanceOf(Array);
  });

  it('measures the time of a query (printed, not asserted)', async () => {
    const queries = ["o'quv", 'ўқув режа', 'qabul', 'universitet', 'учеб', 'admission', 'талабалар турар жойи', 'xalqaro hamkorlik', '60310300', 'yangi'];
    const langs = ['uz', 'ru', 'en'] as const;
    for (const q of queries) await index.search(q, 'uz'); // warm-up
    const rounds = 30;
    const started = process.hrtime.bigint();
    let answered = 0;
    for (let round = 0; round < rounds; round++) {
      for (const q of queries) {
        answered += (await index.search(q, langs[round % 3]!)).length;
      }
    }
    const perQueryMs = Number(process.hrtime.bigint() - started) / 1e6 / (rounds * queries.length);
    const build = await index.current();
    console.log(
      `search: ${perQueryMs.toFixed(3)} ms per query (mean of ${rounds * queries.length}, ${answered} results, ` +
        `${build.docs.uz.size + build.docs.ru.size + build.docs.en.size} documents in 3 languages)`,
    );
    expect(answered).toBeGreaterThan(0);
  });
});
