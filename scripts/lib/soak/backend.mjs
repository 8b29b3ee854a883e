/**
 * The soak test's backend: the embedded demo content (scripts/lib/embedded-backend.ts, passed in)
 * behind a proxy that can misbehave as a real backend does, and whose data can change per entity.
 *
 * - News items up to `newsMax` exist (ids past the content's own are made from it), so a crawler
 *   inventing ids fills caches; past `newsMax` they are 404, as a real backend's are. Ids from
 *   UNASKED_NEWS_FROM on exist too, past every id the load invents: `unaskedNewsId()` hands out each
 *   once, a page no replica holds, whose data a replica must fetch when it is asked for.
 * - `change(entity)` raises an entity's version, written into its visible text (`soak-news7-v3`), so a
 *   page tells which data it was made from: a stale answer is told from a fresh one.
 * - `mode`: 'ok', '500', 'hang' (never answers until the mode changes), 'slow' (3 s), 'hostile' (news
 *   with script tags, javascript: URLs, `</script>` in titles) or 'broken' (JSON cut short).
 * - Images (/media/…) are the site's own files, plus a pathological SVG that `usePathologicalImage`
 *   puts into news items.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { root } from '../site-process.mjs';
import { HOSTILE_HTML, HOSTILE_TITLE, pathologicalSvg } from './hostile.mjs';

const LANGS = ['uz', 'ru', 'en'];
const NEWS_ITEM = /^\/news\/yangiliklar\/(\d+)\/$/;
const NEWS_LIST = /^\/news\/yangiliklar\/(\?page=\d+)?$/;
const RECTORATE = '/category/rektorot/';
const PATHOLOGICAL = '/media/soak/pathological.svg';
const SLOW_MS = 3_000;
/** Past the news ids the load invents (./load.mjs: at most 10^6), within the site's 9 digits. */
export const UNASKED_NEWS_FROM = 2_000_000;
const IMAGE_TYPES = { '.svg': 'image/svg+xml', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

/** Text that names an entity's version, as pages show it: `soak-news7-v3`, `soak-rectorate-v2`. */
export function versionMark(entity, version) {
  return `soak-${entity.replace(':', '')}-v${version}`;
}

/** The highest version of `entity` a page shows, or null when it shows none. */
export function versionShown(html, entity) {
  let highest = null;
  for (const match of html.matchAll(new RegExp(`${versionMark(entity, '')}(\\d+)`, 'g'))) highest = Math.max(highest ?? 0, Number(match[1]));
  return highest;
}

export async function startSoakBackend({ embeddedUrl, newsMax }) {
  const versions = new Map();
  const pathological = new Set();
  const hanging = new Set();
  const svg = pathologicalSvg();
  const state = { mode: 'ok', calls: 0, callsByMode: {} };
  let nextUnasked = UNASKED_NEWS_FROM;

  const suffix = (record, fields, entity) => {
    const version = versions.get(entity);
    if (!version) return;
    for (const field of fields) for (const lang of LANGS) record[`${field}_${lang}`] = `${record[`${field}_${lang}`] ?? ''} ${versionMark(entity, version)}`;
  };
  const newsItem = (item) => {
    suffix(item, ['title'], `news:${item.id}`);
    if (pathological.has(item.id)) item.image = PATHOLOGICAL;
    if (state.mode === 'hostile') {
      for (const lang of LANGS) {
        item[`title_${lang}`] = `${HOSTILE_TITLE} ${item[`title_${lang}`]}`;
        item[`desc_${lang}`] = HOSTILE_HTML + item[`desc_${lang}`];
      }
    }
    return item;
  };

  async function embedded(path) {
    const response = await fetch(embeddedUrl + path);
    return { status: response.status, text: await response.text() };
  }

  /** The JSON the backend answers `path` with, data changes applied. */
  async function json(path) {
    const item = NEWS_ITEM.exec(path);
    if (item) {
      const id = Number(item[1]);
      if (id > newsMax && id < UNASKED_NEWS_FROM) return { status: 404, text: '{"detail":"Not found."}' };
      const own = await embedded(path);
      if (own.status === 200) return { status: 200, text: JSON.stringify(newsItem(JSON.parse(own.text))) };
      // Ids past the content's own: one of its items under the new id.
      const base = await embedded(`/news/yangiliklar/${((id - 1) % 26) + 1}/`);
      if (base.status !== 200) return own;
      const made = JSON.parse(base.text);
      for (const lang of LANGS) made[`title_${lang}`] = `${made[`title_${lang}`]} #${id}`;
      return { status: 200, text: JSON.stringify(newsItem({ ...made, id })) };
    }
    const answer = await embedded(path);
    if (answer.status !== 200) return answer;
    if (NEWS_LIST.test(path)) {
      const page = JSON.parse(answer.text);
      page.results = page.results.map(newsItem);
      return { status: 200, text: JSON.stringify(page) };
    }
    if (path === RECTORATE) {
      const people = JSON.parse(answer.text);
      if (people[0]) suffix(people[0], ['name'], 'rectorate');
      return { status: 200, text: JSON.stringify(people) };
    }
    return answer;
  }

  async function media(path) {
    if (path === PATHOLOGICAL) return { status: 200, type: 'image/svg+xml', body: svg };
    const file = normalize(join(root, 'public', decodeURIComponent(path)));
    if (!file.startsWith(join(root, 'public', 'media'))) return { status: 404, type: 'text/plain', body: Buffer.from('no') };
    try {
      return { status: 200, type: IMAGE_TYPES[extname(file)] ?? 'application/octet-stream', body: await readFile(file) };
    } catch {
      return { status: 404, type: 'text/plain', body: Buffer.from('not found') };
    }
  }

  async function answer(req, res) {
    const path = req.url ?? '/';
    const mode = state.mode;
    state.calls++;
    state.callsByMode[mode] = (state.callsByMode[mode] ?? 0) + 1;
    if (mode === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (mode === '500') {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"soak: backend failing"}');
      return;
    }
    if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
    if (res.destroyed) return;
    if (path.startsWith('/media/')) {
      const image = await media(path.split('?')[0]);
      res.writeHead(image.status, { 'content-type': image.type, 'content-length': image.body.length }).end(image.body);
      return;
    }
    const { status, text } = await json(path);
    const body = mode === 'broken' && status === 200 ? text.slice(0, Math.floor(text.length * 0.4)) : text;
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${server.address().port}`,
    state,
    /** Raises the version of `entity` ('news:7', 'rectorate'); returns the new version. */
    change(entity) {
      const next = (versions.get(entity) ?? 0) + 1;
      versions.set(entity, next);
      return next;
    },
    setMode(mode) {
      state.mode = mode;
      if (mode !== 'hang') for (const res of hanging) res.destroy();
    },
    /** A news id that exists and that nothing has asked for yet (each is handed out once). */
    unaskedNewsId() {
      return nextUnasked++;
    },
    usePathologicalImage(ids) {
      for (const id of ids) pathological.add(id);
    },
    close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
