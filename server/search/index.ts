/**
 * Site search, and the catalogue the sitemap and feeds share with it. One MiniSearch index per
 * content language, whose tokenizer is our normaliser (normalise.ts), so Latin and Cyrillic Uzbek, any
 * apostrophe form, case and diacritics all meet in one comparable form, on both the indexed and the
 * asked side. That form makes the uz-cyrl rendition's documents the uz ones: uz-cyrl searches the uz
 * index and shows its results from its own documents (Cyrillic titles and excerpts). MiniSearch gives BM25 ranking, prefix and fuzzy matching and the matched terms (for
 * marking) for ~7 kB of dependency-free code; we write no scorer of our own.
 *
 * The index is made from the data cache, never per query: the first search (or the sitemap, a feed,
 * or the start-up warm-up) builds it; afterwards it is rebuilt in the background when an entry it was
 * made from gets a new version (DataCache.onStore), and meanwhile queries get the previous build.
 */
import MiniSearch from 'minisearch';
import type { SearchPage } from '../../shared/api';
import { SEARCH_EXCERPT_CHARS, SEARCH_QUERY_MAX_CHARS, SEARCH_RESULTS_PER_PAGE } from '../../shared/constants';
import type { SiteApi } from '../../shared/data';
import { CONTENT_LANG, CONTENT_LANGS, LANGS, type ContentLang, type Lang } from '../../shared/lang';
import type { DataCache } from '../backend/cache';
import { DataSession } from '../backend/session';
import { boundedMap, type BoundedMap } from '../bounded';
import type { Logger } from '../logger';
import { collectCatalogue, type Catalogue } from './catalogue';
import { documentsFor, type SearchDoc } from './documents';
import { excerpt, markWords } from './highlight';
import { queryTerms, tokens } from './normalise';

/** A burst of stores (a cold cache filling) makes one rebuild, not one per entry. */
const REBUILD_DEBOUNCE_MS = 200;
/** How soon a build missing some data (the backend failed) is tried again. */
const RETRY_MS = 30_000;
/**
 * How soon a build whose entries left the cache (purged, evicted, expired) is redone on use; the
 * pause keeps a cache too small to hold them all from refetching them on every query.
 */
const REFILL_MS = 2_000;

export interface Build {
  catalogue: Catalogue;
  /** Data cache entries the build read, with their versions: when one changes, the build is old. */
  versions: Map<string, number>;
  builtAt: number;
  /** Increases with every build (the sitemap and feeds keep their XML per generation). */
  generation: number;
  indexes: Record<ContentLang, MiniSearch<SearchDoc>>;
  docs: Record<Lang, Map<string, SearchDoc>>;
  /** Result pages this build has answered, by language, page and terms (see `REMEMBERED_PAGES`). */
  answered: BoundedMap<string, SearchPage>;
}

export interface SiteIndexOptions {
  cache: DataCache;
  /** A SiteApi reading through the data cache, recording what it read into `session`. */
  api: (session: DataSession) => SiteApi;
  logger?: Logger;
  now?: () => number;
  /** How many result pages a build remembers (`REMEMBERED_PAGES`; 0: none, as the bench's timing wants). */
  rememberedPages?: number;
}

/**
 * Result pages remembered per build. A search page is never kept in the page cache (any query makes a
 * new URL, and the cache must not fill with them), so without this every visitor asking a popular query
 * ("qabul" in admission season) pays for the search and the marking of its results again, a large
 * share of the page's CPU (the `/search?q=talaba` row of `npm run bench` asks one query repeatedly).
 * A new build starts with none, so results never outlive the data they came from; past the bound the
 * least recently asked go first (server/bounded.ts). The pages are shared between requests and read only
 * (the loader maps them to new objects). A result page holds a few KB of heap, so the bound keeps the
 * whole at a few MB.
 */
const REMEMBERED_PAGES = 200;

const SEARCH_OPTIONS = {
  boost: { title: 3 },
  combineWith: 'AND',
  // Every word is also a prefix ('учеб' finds 'учебный', 'universitet' finds 'universitetimizda');
  // longer words forgive one typo or a left-out letter mark ('oqituvchi' finds "o'qituvchi").
  prefix: (term: string) => term.length > 1,
  fuzzy: (term: string) => (term.length >= 6 ? 1 : false),
} as const;

/**
 * Longest stretch of indexing between two turns of the event loop. A build reads every news item in four
 * renditions; in slices of time (not of a count of documents, whose sizes differ a hundredfold) the
 * requests that arrive meanwhile wait at most this long for it.
 */
export const INDEX_SLICE_MS = 8;

/** Adds `docs` to `index`, giving the event loop a turn after every INDEX_SLICE_MS of work by `clock`. */
export async function addInSlices<T>(index: MiniSearch<T>, docs: Iterable<T>, clock: () => number = () => performance.now()): Promise<void> {
  let sliceStarted = clock();
  for (const doc of docs) {
    index.add(doc);
    if (clock() - sliceStarted >= INDEX_SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      sliceStarted = clock();
    }
  }
}

function createIndex(lang: ContentLang): MiniSearch<SearchDoc> {
  return new MiniSearch<SearchDoc>({
    fields: ['title', 'text'],
    tokenize: (text) => tokens(text, lang),
    // Terms come out of `tokens` already in the comparable form.
    processTerm: (term) => term,
    searchOptions: SEARCH_OPTIONS,
  });
}

export class SiteIndex {
  private built: Build | null = null;
  private building: Promise<Build> | null = null;
  private generation = 0;
  private timer: NodeJS.Timeout | null = null;
  /** Whether anyone used the build since it was made: stores then rebuild at once, else on next use. */
  private demanded = false;
  /** A store came while a build was running, which may have read the entry before it: look again after. */
  private recheck = false;
  private readonly now: () => number;

  constructor(private readonly options: SiteIndexOptions) {
    this.now = options.now ?? Date.now;
    options.cache.onStore((path) => this.noticeStore(path));
  }

  /** Starts the first build in the background (server start-up), so the first visitor does not wait. */
  warm(): void {
    if (!this.built && !this.building) this.rebuildInBackground();
  }

  /** The current build; the first call waits for it, later ones get it at once while a newer one is made. */
  async current(): Promise<Build> {
    this.demanded = true;
    if (!this.built) return this.building ?? this.rebuild();
    if (this.outdated(this.built, true)) this.rebuildInBackground();
    return this.built;
  }

  /**
   * For /healthz: whether a build is running (a new replica's start-up warm-up, or a rebuild after the
   * data changed), and what the current one holds. `generation` 0: none made yet.
   */
  get status(): { building: boolean; generation: number; documents: number; complete: boolean | null } {
    const built = this.built;
    return {
      building: this.building !== null,
      generation: built?.generation ?? 0,
      documents: built ? built.docs.uz.size : 0,
      complete: built ? built.catalogue.complete : null,
    };
  }

  /** Resolves when no build is running (tests wait on it). */
  async idle(): Promise<void> {
    while (this.building || this.timer) {
      if (this.building) await this.building;
      else await new Promise((resolve) => setTimeout(resolve, REBUILD_DEBOUNCE_MS));
    }
  }

  /** Results for `query` in `lang`: how many in all, and those of `page` (from 1; past the last: none). */
  async search(query: string, lang: Lang, page = 1): Promise<SearchPage> {
    const terms = queryTerms(query.slice(0, SEARCH_QUERY_MAX_CHARS), lang);
    if (terms.length === 0) return { total: 0, page, pages: 0, results: [] };
    const build = await this.current();
    const key = `${lang} ${page} ${terms.join(' ')}`;
    const known = build.answered.get(key);
    if (known) return known;
    const answer = this.answer(build, terms, lang, page);
    build.answered.set(key, answer);
    return answer;
  }

  private answer(build: Build, terms: string[], lang: Lang, page: number): SearchPage {
    const docs = build.docs[lang];
    // The terms are in the comparable form already, which the index's tokenizer keeps as it is.
    const hits = build.indexes[CONTENT_LANG[lang]].search(terms.join(' '));
    const first = (page - 1) * SEARCH_RESULTS_PER_PAGE;
    return {
      total: hits.length,
      page,
      pages: Math.ceil(hits.length / SEARCH_RESULTS_PER_PAGE),
      results: hits.slice(first, first + SEARCH_RESULTS_PER_PAGE).map((hit) => {
        const doc = docs.get(hit.id as string)!;
        const matched = new Set(hit.terms);
        return {
          kind: doc.kind,
          path: doc.path,
          title: markWords(doc.title, matched, lang),
          excerpt: excerpt(doc.text, matched, SEARCH_EXCERPT_CHARS, lang),
          date: doc.date,
        };
      }),
    };
  }

  /**
   * Whether `build` no longer matches the data cache: an entry it read has a new version; or, when
   * the build is being used (`onUse`), an entry left the cache or the build lacked data, and a while
   * has passed since it was made. (Peeking at a stale entry starts its refresh, whose store brings
   * the new version here through `noticeStore`.)
   */
  private outdated(build: Build, onUse: boolean): boolean {
    let gone = false;
    for (const [path, version] of build.versions) {
      const now = this.options.cache.peek(path);
      if (now && now.version !== version && now.freshness !== 'expired') return true;
      if (!now || now.freshness === 'expired') gone = true;
    }
    if (!onUse) return false;
    const age = this.now() - build.builtAt;
    return (gone && age >= REFILL_MS) || (!build.catalogue.complete && age >= RETRY_MS);
  }

  private noticeStore(path: string): void {
    // A running build may have read this entry before the store: look again when it ends. (Noted now,
    // not when the debounce below fires: by then the build may have ended and its use been reset.)
    if (this.building) this.recheck = true;
    if (!this.built?.versions.has(path) || this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      // Only a build someone uses is kept current at once; an unused one catches up on its next use.
      // (Rebuilding regardless would read stale entries, refresh them, and rebuild again, forever.)
      if (this.building) this.recheck = true;
      else if (this.demanded && this.built && this.outdated(this.built, false)) this.rebuildInBackground();
    }, REBUILD_DEBOUNCE_MS);
    this.timer.unref();
  }

  /** A failed background build keeps the previous one (the catalogue itself never throws; this is for bugs). */
  private rebuildInBackground(): void {
    this.rebuild().catch((error: unknown) => this.options.logger?.error({ err: error }, 'search index build failed'));
  }

  private rebuild(): Promise<Build> {
    if (this.building) return this.building;
    this.building = this.build()
      .then((build) => {
        this.built = build;
        this.demanded = false;
        return build;
      })
      .finally(() => {
        this.building = null;
        // The build just made was asked for; if a store during it changed what it read, make it again.
        if (this.recheck) {
          this.recheck = false;
          if (this.built && this.outdated(this.built, false)) this.rebuildInBackground();
        }
      });
    return this.building;
  }

  private async build(): Promise<Build> {
    const started = this.now();
    const session = new DataSession();
    const catalogue = await collectCatalogue(this.options.api(session));
    const indexes = {} as Build['indexes'];
    const docs = {} as Build['docs'];
    for (const lang of LANGS) docs[lang] = new Map(documentsFor(catalogue, lang).map((doc) => [doc.id, doc]));
    for (const lang of CONTENT_LANGS) {
      indexes[lang] = createIndex(lang);
      await addInSlices(indexes[lang], docs[lang].values());
    }
    const build: Build = {
      catalogue,
      versions: new Map(session.used),
      builtAt: this.now(),
      generation: ++this.generation,
      indexes,
      docs,
      answered: boundedMap({ entries: this.options.rememberedPages ?? REMEMBERED_PAGES }),
    };
    this.options.logger?.info(
      { search: { documents: docs.uz.size, entries: build.versions.size, complete: catalogue.complete, ms: this.now() - started } },
      'search index built',
    );
    return build;
  }
}
