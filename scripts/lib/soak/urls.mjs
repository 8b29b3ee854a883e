/**
 * The URLs visitors ask for: every page of the sitemap (all routes, news, articles, faculties in the
 * four renditions) plus news made by the soak backend and list pages, about five hundred; and the
 * image variants the pages name (signed URLs, collected from rendered pages as a browser finds them).
 */
import { boundedFetch } from './time.mjs';

const LANG_PREFIXES = ['', '/uz-cyrl', '/ru', '/en'];
/** News ids past the embedded content's 26, so the warm set is about five hundred URLs. */
const EXTRA_NEWS = { from: 27, to: 100 };
const IMAGE_URL = /\/_img\/[\w-]+\/(?:\d{1,4}|og)\/[\w-]+\/[\w-]+/g;

export async function warmPaths(siteUrl, signal) {
  const sitemap = await (await boundedFetch(`${siteUrl}/sitemap.xml`, { timeoutMs: 60_000, signal })).text();
  const paths = new Set([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname));
  for (const prefix of LANG_PREFIXES) {
    for (let id = EXTRA_NEWS.from; id <= EXTRA_NEWS.to; id++) paths.add(`${prefix}/news/${id}`);
    for (let page = 1; page <= 3; page++) paths.add(`${prefix}/newsAll?page=${page}`);
    paths.add(`${prefix}/search?q=talaba`);
  }
  return [...paths];
}

/** The image variants named by `paths` (asked for at most `concurrency` at a time). */
export async function imagePaths(siteUrl, paths, signal, concurrency = 4) {
  const found = new Set();
  const queue = [...paths];
  const worker = async () => {
    while (queue.length && !signal.aborted) {
      const path = queue.shift();
      try {
        const html = await (await boundedFetch(siteUrl + path, { timeoutMs: 30_000, signal })).text();
        for (const match of html.matchAll(IMAGE_URL)) found.add(match[0]);
      } catch {
        // A page that failed now names its images next time.
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return [...found];
}
