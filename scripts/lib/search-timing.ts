/**
 * How long a site search query takes once the index is built, on the embedded demo content (the
 * site's real size). Bundled and run by scripts/bench.mjs: speed is a measurement, never a test.
 */
import { createSiteApi } from '../../server/backend/api';
import { DataCache } from '../../server/backend/cache';
import { createEmbeddedSource } from '../../server/backend/embedded-source';
import { EMBEDDED_STUDENT_LIFE_PATH } from '../../server/backend';
import { SiteIndex } from '../../server/search';
import { LANGS } from '../../shared/lang';

export async function searchTiming(): Promise<string> {
  const cache = new DataCache({ source: createEmbeddedSource(), ttlMs: 60_000, staleMs: 60_000, maxKeys: 1000 });
  // Nothing remembered: every round pays for the search and the marking, as a query not asked before does.
  const index = new SiteIndex({ cache, rememberedPages: 0, api: (session) => createSiteApi(cache, session, { studentLifePath: EMBEDDED_STUDENT_LIFE_PATH }) });
  const build = await index.current();
  const queries = ["o'quv", 'ўқув режа', 'qabul', 'universitet', 'учеб', 'admission', 'талабалар турар жойи', 'xalqaro hamkorlik', '60310300', 'yangi'];
  const langs = LANGS;
  for (const q of queries) await index.search(q, 'uz'); // warm-up
  const rounds = 30;
  let answered = 0;
  const started = process.hrtime.bigint();
  for (let round = 0; round < rounds; round++) {
    for (const q of queries) answered += (await index.search(q, langs[round % langs.length]!)).results.length;
  }
  const perQueryMs = Number(process.hrtime.bigint() - started) / 1e6 / (rounds * queries.length);
  return (
    `search: ${perQueryMs.toFixed(3)} ms per query (mean of ${rounds * queries.length}, ${answered} results, ` +
    `${LANGS.reduce((sum, lang) => sum + build.docs[lang].size, 0)} documents in ${LANGS.length} renditions)`
  );
}
