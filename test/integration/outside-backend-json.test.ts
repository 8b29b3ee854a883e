/**
 * Backend answers within the 8 MB body limit whose parsing costs far more than their bytes, on the
 * process as shipped (the built server with the Dockerfile's node flags: a 256 MB heap). 8 MB of `{}`
 * made about 200 MB of heap and a second of the main thread each; two lists like it read at once ended
 * the process. Such an answer is refused before it is parsed, as a body too large is, and an answer as
 * large as the site's list bounds allow is still read whole.
 */
import { describe, expect, it } from 'vitest';
import { productionNodeFlags } from '../../scripts/lib/site-process.mjs';
import { LIST_BOUNDS } from '../../server/backend/fields';
import { startFakeBackend, type Answer } from '../helpers/fake-backend';
import { coreRoutes } from '../helpers/fixtures';
import { startServer } from '../helpers/server-process';

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A list whose first record has rich text (sanitised on its thread while the list is held), then 8 MB of empty records. */
function emptyRecords(first: Record<string, unknown>): Answer {
  return { raw: `[${JSON.stringify(first)},${Array(2_650_000).fill('{}').join(',')}]` };
}

async function withServer(routes: Record<string, Answer>, use: (url: string, alive: () => boolean) => Promise<void>): Promise<void> {
  const backend = await startFakeBackend({ ...coreRoutes(), ...routes });
  // A backend timeout long enough that no call is cut short on a busy machine: the answers must arrive.
  const server = await startServer({ BACKEND_URL: backend.url, BACKEND_TIMEOUT_MS: '60000' }, { nodeArgs: [...productionNodeFlags(), 'dist/server/index.js'] });
  try {
    await use(server.url, () => server.process.exitCode === null && server.process.signalCode === null);
  } finally {
    await server.stop('SIGKILL');
    await backend.close();
  }
}

describe('what parsing a backend answer may cost', () => {
  it('refuses two lists of 8 MB of empty records read at once, before parsing them, and lives on', async () => {
    const routes = {
      '/category/obuniversitet/': emptyRecords({ id: 1, title_uz: 'Tarix', desc_uz: '<p>tarix</p>' }),
      '/category/universitetichkitartibqonunlari/': emptyRecords({ id: 1, descriptions_uz: '<p>qoida</p>' }),
    };
    await withServer(routes, async (url, alive) => {
      const pages = await Promise.all(
        ['/about', '/rules'].map((path) =>
          fetch(`${url}${path}`, { headers: { 'user-agent': CRAWLER } }).then(
            (res) => res.status,
            (error: unknown) => `no answer: ${String(error)}`,
          ),
        ),
      );
      // Each page's main data could not be had: its notice, as a 503 for crawlers.
      expect(pages).toEqual([503, 503]);
      expect(alive()).toBe(true);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    });
  }, 240_000);

  it('reads an answer as large as the list bounds allow: every faculty with every department', async () => {
    const faculties = Array.from({ length: LIST_BOUNDS.faculties }, (_, f) => ({
      id: f + 1,
      name_uz: `Fakultet ${f + 1}`,
      name_ru: `Факультет ${f + 1}`,
      name_en: `Faculty ${f + 1}`,
      children_kafedra: Array.from({ length: LIST_BOUNDS.facultyChildren }, (_, k) => ({
        id: (f + 1) * 1000 + k,
        name_uz: `Kafedra ${k}`,
        name_ru: `Кафедра ${k}`,
        name_en: `Department ${k}`,
        // Fields the site does not read, as a serializer sends them.
        slug: `k-${k}`,
        created_at: '2026-01-01T00:00:00Z',
      })),
    }));
    await withServer({ '/category/kafedrashu/': { json: faculties } }, async (url) => {
      const res = await fetch(`${url}/department`, { headers: { 'user-agent': CRAWLER } });
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain(`Fakultet ${LIST_BOUNDS.faculties}`);
    });
  }, 240_000);
});
