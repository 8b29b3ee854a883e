/**
 * The search index on the embedded demo content (the site's real size): what it finds. How long a
 * query takes is measured by `npm run bench` (scripts/lib/search-timing.ts), not here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createSiteApi } from '../../server/backend/api';
import { DataCache } from '../../server/backend/cache';
import { createEmbeddedSource } from '../../server/backend/embedded-source';
import { EMBEDDED_STUDENT_LIFE_PATH } from '../../server/backend';
import MiniSearch from 'minisearch';
import { SiteIndex } from '../../server/search';
import { addInSlices, INDEX_SLICE_MS } from '../../server/search/index';
import { SEARCH_RESULTS_PER_PAGE as PER_PAGE } from '../../shared/constants';

let index: SiteIndex;

beforeAll(async () => {
  const cache = new DataCache({ source: createEmbeddedSource(), ttlMs: 60_000, staleMs: 60_000, maxKeys: 1000 });
  index = new SiteIndex({ cache, api: (session) => createSiteApi(cache, session, { studentLifePath: EMBEDDED_STUDENT_LIFE_PATH }) });
  await index.current();
});

describe('search on the embedded content', () => {
  it('finds Latin text from a Cyrillic query and marks the Latin word', async () => {
    const { results } = await index.search('ўқув', 'uz');
    expect(results.length).toBeGreaterThan(0);
    const marked = results
      .flatMap((r) => [...r.title, ...r.excerpt])
      .filter((run) => run.mark)
      .map((run) => run.text.toLowerCase());
    expect(marked.some((word) => /^o.quv/.test(word))).toBe(true);
  });

  it('finds programmes by code and the Russian and English pages by a word prefix', async () => {
    const fields = (await index.search('603', 'uz')).results;
    expect(fields.some((r) => r.kind === 'programme' || r.kind === 'field')).toBe(true);
    expect((await index.search('общежит', 'ru')).results.some((r) => r.path === '/TTJ')).toBe(true);
    expect((await index.search('dormit', 'en')).results.some((r) => r.path === '/TTJ')).toBe(true);
  });

  it('answers nothing for a query without words, and never throws on odd input', async () => {
    expect((await index.search('', 'uz')).results).toEqual([]);
    expect((await index.search('<>"\u0000', 'ru')).total).toBe(0);
    expect((await index.search('a'.repeat(5000), 'en')).results).toBeInstanceOf(Array);
  });
});

describe('queries people type', () => {
  it('treats Russian ё and е as one letter', async () => {
    const paths = async (q: string) => (await index.search(q, 'ru')).results.map((r) => r.path);
    const withYo = await paths('приём');
    expect(withYo.length).toBeGreaterThan(0);
    expect(await paths('прием')).toEqual(withYo);
    expect(await paths('ПРИЁМ')).toEqual(withYo);
  });

  it('does not let a stray one-letter word empty the results', async () => {
    const words = await index.search("o'quv yili", 'uz');
    expect(words.total).toBeGreaterThan(0);
    expect((await index.search("o'quv yili o", 'uz')).total).toBe(words.total);
    expect((await index.search('o', 'uz')).total).toBeGreaterThanOrEqual(0);
  });

  it('counts every result and pages them SEARCH_RESULTS_PER_PAGE at a time', async () => {
    const first = await index.search('universitet', 'uz');
    expect(first.total).toBeGreaterThan(2 * PER_PAGE);
    expect(first.results).toHaveLength(PER_PAGE);
    expect(first.pages).toBe(Math.ceil(first.total / PER_PAGE));
    const second = await index.search('universitet', 'uz', 2);
    expect(second.total).toBe(first.total);
    expect(second.results.length).toBe(Math.min(PER_PAGE, first.total - PER_PAGE));
    const key = (r: (typeof first.results)[number]) => `${r.kind}:${r.path}:${r.title.map((run) => run.text).join('')}`;
    const onFirst = new Set(first.results.map(key));
    expect(second.results.filter((r) => onFirst.has(key(r)))).toEqual([]);
    expect((await index.search('universitet', 'uz', first.pages + 1)).results).toEqual([]);
  });
});

describe('result pages remembered', () => {
  it('answers a query asked again in the same build from memory, each language and page apart', async () => {
    const first = await index.search('universitet', 'uz');
    expect(await index.search('universitet', 'uz')).toBe(first);
    expect(await index.search('UNIVERSITET', 'uz')).toBe(first); // the same terms
    expect(await index.search('universitet', 'uz', 2)).not.toBe(first);
    expect(await index.search('universitet', 'ru')).not.toBe(first);
  });

  it('remembers nothing when told so', async () => {
    const cache = new DataCache({ source: createEmbeddedSource(), ttlMs: 60_000, staleMs: 60_000, maxKeys: 1000 });
    const forgetful = new SiteIndex({
      cache,
      rememberedPages: 0,
      api: (session) => createSiteApi(cache, session, { studentLifePath: EMBEDDED_STUDENT_LIFE_PATH }),
    });
    const first = await forgetful.search('universitet', 'uz');
    const again = await forgetful.search('universitet', 'uz');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('building the index', () => {
  it('gives the event loop a turn after every few milliseconds of indexing, however large the documents', async () => {
    // Each document "takes" 3 ms by this clock: a turn is due after every third one at the latest.
    let clockMs = 0;
    const clock = () => clockMs;
    const index = new MiniSearch<{ id: number; text: string }>({ fields: ['text'] });
    const docs = Array.from({ length: 60 }, (_, id) => ({ id, text: `document ${id}` }));
    const addedAtTurn: number[] = [];
    let turns = 0;
    let counting = true;
    const countTurns = () => {
      turns++;
      if (counting) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    function* timedDocs() {
      for (const doc of docs) {
        clockMs += 3;
        addedAtTurn.push(turns);
        yield doc;
      }
    }
    await addInSlices(index, timedDocs(), clock);
    counting = false;
    expect(index.documentCount).toBe(60);
    // Never more than three documents between two turns of the event loop.
    const longestRun = Math.max(...[...new Set(addedAtTurn)].map((turn) => addedAtTurn.filter((t) => t === turn).length));
    expect(longestRun).toBeLessThanOrEqual(Math.ceil(INDEX_SLICE_MS / 3));
  });
});
