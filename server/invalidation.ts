/**
 * Cache invalidation in one place: what each event that can make held data wrong drops from this
 * process's caches, and why everything else stays right without being dropped.
 *
 * Events and what they drop:
 * - A purge (POST /_cache/purge on this replica, or received from another through Redis): the data
 *   entries under each prefix and those holding each entity key; calls to the backend under way for
 *   them store nothing (their answer may predate the editor's change). Stored pages are checked
 *   against their data's versions on every hit, so those that used a purged entry render again on
 *   their next request; only a purge of everything drops them all, to give their memory back at once
 *   (dropping them on every small purge would make a storm of purges a storm of renders). A purge
 *   asked of this replica is applied here twice: at once, and again once Redis has dropped what it
 *   names, because a read in between may have taken the purged entry from Redis.
 * - A resync (the purge channel came back after it was lost, so purges may have been missed): every
 *   data entry is marked expired, not dropped, so each is fetched again on its next read and still
 *   served if that fails (the backend may be what failed). Stored pages are kept: one is answered
 *   again only after the entries it used have been fetched again and came back with the versions it
 *   was rendered from (PageCache.revalidated); a purge missed meanwhile changes a version, and the page
 *   renders. Every replica resyncs at once after a Redis restart: dropping the pages would make that
 *   moment a storm of renders on every replica.
 * - An image source changed (a background check found new bytes, or the source gone): stored pages
 *   hold its old URLs, and no page says which sources it shows, so every stored page is dropped.
 * - An image source learnt (seen for the first time): pages stored with URLs made without its version
 *   are current only until then; the page cache counts sources learnt and each such page renders again
 *   on its next request, which costs nothing while no such page is asked for.
 *
 * Never dropped, and why that is right:
 * - The search index, sitemap and feeds: made from the data cache; a build whose entries changed or
 *   left it is made again (server/search), and the sitemap and feeds are kept per build (server/seo).
 * - Image variants on disk, image sets and rich text's images: named by their source's content
 *   version; new bytes make a new version, hence new names, and the old ones age out of their bounds.
 * - Sanitised rich text, Cyrillic renditions, dates, search terms, encoding answers: pure functions
 *   of their input.
 * - Redis's entries: a purge makes them unusable there, for every replica, and a replica that made or
 *   heard of the purge refuses one filled before it even if Redis is put back as it was
 *   (server/shared-cache/purge-floors.ts).
 */
import type { DataCache } from './backend/cache';
import type { PageCache } from './page-cache';
import type { PurgeBatch } from './shared-cache/purge-batch';

export interface Invalidation {
  purge(batch: PurgeBatch): void;
  resync(): void;
  imageSourceChanged(): void;
  imageSourceLearnt(): void;
}

export function cacheInvalidation(data: DataCache, pages: PageCache): Invalidation {
  return {
    purge(batch) {
      for (const prefix of batch.prefixes) data.purge(prefix);
      if (batch.keys.length) data.purgeEntities(batch.keys);
      if (batch.prefixes.includes('')) pages.clear();
    },
    resync() {
      data.expireAll();
    },
    imageSourceChanged() {
      pages.clear();
    },
    imageSourceLearnt() {
      pages.imageSourceLearnt();
    },
  };
}
