/**
 * The search index on the embedded demo content (the site's real size): what it finds. How long a
 * query takes is measured by `npm run bench` (scripts/lib/search-timing.ts), not here.
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
    const marked = results
      .flatMap((r) => [...r.title, ...r.excerpt])
      .filter((run) => run.mark)
      .map((run) => run.text.toLowerCase());
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
});
