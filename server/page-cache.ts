/**
 * The page cache: finished HTML in its gzip and brotli encodings (the plain HTML is rare enough to be
 * unpacked from gzip when asked: keeping it would triple a page's bytes) and the response headers
 * prepared when it was stored, keyed by URL and valid while every data entry the page used still has the
 * version it had. A refreshed or purged entry changes its version, so the pages that used it render
 * again on their next request. Bounded in bytes (server/bounded.ts), least recently used out first.
 *
 * Only the pages the site's own links lead to, in the default display, share the main bound: each page's
 * path in the page table's spelling, in each language, `?page=N` on a paged list (`linkedPage`). Every
 * other page has a bound of its own, a small share of the whole: pages in a visitor's display settings
 * (server/request-display.ts: 48 variants of every URL), searches and filters (any query), and the other
 * spellings of a page's URL the router takes (`/ABOUT`, `/about/`, `/%61bout`, without end). Any client
 * can ask for those, each a full render, and in one LRU with the linked pages they would evict the pages
 * nearly every visitor gets. Cycling them evicts only each other.
 */
import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { boundedMap, type BoundedMap } from './bounded';
import { escapeRegExp } from '../shared/escape-regexp';
import { LANGS, localePath } from '../shared/lang';
import { pageUrl } from '../shared/page-query';
import { PAGE_TABLE } from '../shared/page-table';
import type { DataCache } from './backend/cache';
import { entityTag } from './etag';
import type { RequestDisplay } from './request-display';

const gzipAsync = promisify(gzip);
/**
 * Quality 6 with a 64 KB window (brotli's lighter hashers for windows up to 64 KB). Higher qualities and
 * larger windows set up big hash tables on every call, whatever the page's size, for under a percent
 * fewer bytes; a window smaller than a page costs it almost nothing, as its repeats are near each other.
 * The miss rows of `npm run bench` measure it.
 */
const STORED_BROTLI_PARAMS = { [constants.BROTLI_PARAM_QUALITY]: 6, [constants.BROTLI_PARAM_LGWIN]: 16 };
const brotliAsync = promisify(brotliCompress);

export interface StoredPage {
  status: number;
  /** The page id, for logs and metrics. */
  route: string;
  /** Every response header except the encoding-specific ones; its CSP names no nonce (server/security.ts). */
  headers: Array<[string, string]>;
  gzip: Buffer;
  br: Buffer;
  /** One entity tag per stored coding (server/etag.ts), made once here rather than per response. */
  etags: { identity: string; gzip: string; br: string };
  /** Backend paths the page used and the data versions it was rendered from. */
  deps: Array<[string, number]>;
  /** Set when the page holds image URLs made before their sources were seen: `imagesLearnt` then. */
  imagesAt: number | null;
  bytes: number;
}

interface PageToStore {
  status: number;
  route: string;
  headers: Array<[string, string]>;
  html: Buffer;
  deps: Array<[string, number]>;
  imagesAt: number | null;
}

export interface PageCacheStats {
  hits: number;
  /** Stored pages whose expired data was fetched again (`revalidated`), answered when it came back unchanged. */
  revalidations: number;
  /** Page requests rendered because no current stored page answered them (`missed`). */
  misses: number;
  stores: number;
  evictions: number;
}

/**
 * The share of the bound that pages apart from the linked ones may hold: at the default 32 MB, 4 MB, about
 * 160 pages of 25 KB, many times what the few visitors using the panel or searching at once ask for.
 */
export const APART_SHARE = 1 / 8;

/** An id in a URL, as shared/api.ts `parseId` takes it. */
const ID = '[1-9][0-9]{0,8}';
/** A list's page number, as shared/news.ts takes it. */
const PAGE_NUMBER = '(?:\\?page=[1-9][0-9]{0,3})?';

/** Every URL the site's own links name: each page of the table in each language, in its spelling. */
const LINKED_PAGE = new RegExp(
  `^(?:${LANGS.flatMap((lang) =>
    PAGE_TABLE.map((page) => {
      const path = localePath(lang, `/${page.path}`);
      return escapeRegExp(path).replace(/:\w+/g, ID) + (page.paged ? PAGE_NUMBER : '');
    }),
  ).join('|')})$`,
);

/** Whether a page cache key is a URL the site's own links name, in the default display settings. */
export function linkedPage(key: string): boolean {
  return LINKED_PAGE.test(key);
}

export class PageCache {
  readonly stats: PageCacheStats = { hits: 0, revalidations: 0, misses: 0, stores: 0, evictions: 0 };
  /** The pages the site's links lead to, for every visitor without display settings, keyed by URL. */
  private readonly linked: BoundedMap<string, StoredPage>;
  /** Every other page: display variants (keyed by URL and variant, `storedPageKey`), queries, other spellings. */
  private readonly apart: BoundedMap<string, StoredPage>;
  private readonly compressing = new Set<string>();
  /** Stores under way (compressing), so that tests and a shutdown can wait for them to settle. */
  private readonly storing = new Set<Promise<void>>();
  private learnt = 0;

  constructor(
    private readonly data: DataCache,
    private readonly maxBytes: number,
  ) {
    const apartBytes = Math.floor(maxBytes * APART_SHARE);
    const bounded = (size: number) => boundedMap<string, StoredPage>({ size, sizeOf: (page) => page.bytes }, { onEvict: () => this.stats.evictions++ });
    this.linked = bounded(maxBytes - apartBytes);
    this.apart = bounded(apartBytes);
  }

  get bytes(): number {
    return this.linked.calculatedSize + this.apart.calculatedSize;
  }

  get size(): number {
    return this.linked.size + this.apart.size;
  }

  /** Stored pages apart from the linked ones and their bytes, within `APART_SHARE` of the bound. */
  get apartPages(): { pages: number; bytes: number } {
    return { pages: this.apart.size, bytes: this.apart.calculatedSize };
  }

  /** Where the page of `key` is kept: apart unless it is a linked page (a personal page's key has its variant after a space, which no URL has). */
  private mapOf(key: string): BoundedMap<string, StoredPage> {
    return linkedPage(key) ? this.linked : this.apart;
  }

  /**
   * How many image sources the image endpoint has learnt (server/images/versions.ts). A page whose
   * image URLs were made without their source's version (and size) is current only until another
   * source is learnt: then it renders again, with the versions it can now have. Counting, rather than
   * dropping such pages at once, costs nothing while no provisional page is asked for.
   */
  get imagesLearnt(): number {
    return this.learnt;
  }

  imageSourceLearnt(): void {
    this.learnt++;
  }

  /**
   * The stored page for `key` if its data is still current (stale data keeps it, while refreshing).
   * Every request is looked up here, assets and health checks too: a miss is counted only when a page
   * is rendered (`missed`). A page whose data has expired is not answered here but kept: `revalidated`.
   */
  get(key: string): StoredPage | null {
    const checked = this.checked(key);
    if (!checked || checked.expired.length) return null;
    this.stats.hits++;
    return checked.page;
  }

  /**
   * The stored page for `key` once the data entries it used that had expired (a resync expires them
   * all; time, those nobody read for long) have been fetched again: when each came back as it was (the
   * same version), the page is current and is answered without being rendered again; when one changed,
   * or could not be fetched, null, and the page renders.
   */
  async revalidated(key: string): Promise<StoredPage | null> {
    const checked = this.checked(key);
    if (!checked) return null;
    if (checked.expired.length) {
      await this.data.refetch(checked.expired);
      this.stats.revalidations++;
    }
    return this.get(key);
  }

  /**
   * The stored page and the data entries it used that have expired, while its images and every entry's
   * version are as they were when it was stored; else the page is dropped.
   */
  private checked(key: string): { page: StoredPage; expired: string[] } | null {
    const pages = this.mapOf(key);
    const page = pages.get(key);
    if (!page) return null;
    const expired: string[] = [];
    let current = page.imagesAt === null || page.imagesAt === this.learnt;
    for (const [path, version] of page.deps) {
      if (!current) break;
      const now = this.data.peek(path);
      current = now !== null && now.version === version;
      if (now?.freshness === 'expired') expired.push(path);
    }
    if (current) return { page, expired };
    pages.delete(key);
    return null;
  }

  /** Counts a page request the page cache could not answer: it is being rendered. */
  missed(): void {
    this.stats.misses++;
  }

  /** Resolves once every store begun so far has finished (stored, skipped or failed). */
  async settled(): Promise<void> {
    while (this.storing.size > 0) await Promise.allSettled([...this.storing]);
  }

  /** Stores a rendered page, compressing it first in the background; `settled` waits for it. */
  store(key: string, page: PageToStore): Promise<void> {
    const storing = this.compressAndStore(key, page);
    this.storing.add(storing);
    void storing.then(
      () => this.storing.delete(storing),
      () => this.storing.delete(storing),
    );
    return storing;
  }

  private async compressAndStore(key: string, page: PageToStore): Promise<void> {
    // Compressing costs more than rendering: not for a cache that is off, and once per key while a burst
    // of misses renders the same page.
    if (this.maxBytes === 0 || this.compressing.has(key)) return;
    this.compressing.add(key);
    let gz: Buffer;
    let br: Buffer;
    try {
      [gz, br] = await Promise.all([gzipAsync(page.html, { level: 9 }), brotliAsync(page.html, { params: STORED_BROTLI_PARAMS })]);
    } finally {
      this.compressing.delete(key);
    }
    const stored: StoredPage = {
      status: page.status,
      route: page.route,
      headers: page.headers,
      gzip: ownCopy(gz),
      br: ownCopy(br),
      etags: codedTags(createHash('sha1').update(page.html).digest('base64url')),
      deps: page.deps,
      imagesAt: page.imagesAt,
      bytes: gz.length + br.length,
    };
    // Larger than its whole bound once compressed: not stored, and a page stored before under the key stays.
    const pages = this.mapOf(key);
    if (stored.bytes > pages.maxSize) return;
    pages.set(key, stored);
    this.stats.stores++;
  }

  /** Drops every stored page (server/invalidation.ts says when). */
  clear(): void {
    this.linked.clear();
    this.apart.clear();
  }
}

/**
 * The bytes in memory of their own length. zlib hands back a view of its output chunk (16 KB for brotli)
 * or of Node's shared 8 KB pool: kept for minutes, each view would hold its whole chunk, several times the
 * page's bytes that the bound counts.
 */
function ownCopy(bytes: Buffer): Buffer {
  const copy = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(copy);
  return copy;
}

function codedTags(hash: string): StoredPage['etags'] {
  return { identity: entityTag(hash, null), gzip: entityTag(hash, 'gzip'), br: entityTag(hash, 'br') };
}

/** The page a request URL asks for: its path and the query parameters pages read, in order. */
export const pageKey = pageUrl;

/**
 * Where a page is stored: its `pageKey`, and for a personal request (server/request-display.ts: its
 * cookies name the display cookie) a space (never in a request URL) and the settings' variant, empty when
 * they read as the defaults. A page shared by everyone is keyed by its URL alone, and no personal page, which
 * is sent `private`, is ever under that key. The variants are a small fixed set (shared/display.ts).
 */
export function storedPageKey(url: string, display: RequestDisplay): string {
  return display.personal ? `${pageKey(url)} ${display.variant}` : pageKey(url);
}

/** Headers that belong to one response only; everything else is stored with the page. */
const PER_RESPONSE = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'vary', 'connection', 'date', 'etag']);

export async function storeRenderedPage(
  cache: PageCache,
  key: string,
  res: { getHeaders(): OutgoingHttpHeaders; statusCode: number; locals: Record<string, unknown> },
  html: Buffer,
  session: { used: Map<string, number>; provisional: boolean },
  /** `imagesLearnt` when the render began (a source learnt during the render counts as after it). */
  imagesAt: number,
): Promise<void> {
  const headers: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (!PER_RESPONSE.has(name) && value !== undefined) headers.push([name, String(value)]);
  }
  // Every visitor of a stored page gets its bytes and its CSP as they are: a nonce in them would be
  // the same for all, and would allow, for all, whatever script carried it.
  if (String(res.getHeaders()['content-security-policy']).includes("'nonce-")) return;
  await cache.store(key, {
    status: res.statusCode,
    route: String(res.locals.route),
    headers,
    html,
    deps: [...session.used],
    imagesAt: session.provisional ? imagesAt : null,
  });
}
