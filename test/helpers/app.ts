import { createApp, type AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';

/**
 * An app on the given backend, with quiet logs; `env` overrides configuration variables. Pages wait
 * for their data (a head start longer than any test's backend), so a busy machine cannot turn a whole
 * page into a streamed one; tests of streaming pass `{ headStartMs: 0 }`.
 */
export function testApp(backendUrl: string | null, env: Record<string, string> = {}, deps: AppDeps = {}) {
  const config = loadConfig({
    ...(backendUrl ? { BACKEND_URL: backendUrl } : {}),
    SITE_URL: 'https://ztu.example.uz',
    LOG_LEVEL: 'silent',
    ...env,
  });
  return createApp(config, { logger: createLogger('silent'), headStartMs: 60_000, ...deps });
}

/**
 * Waits for the stores under way (storing compresses in the background; a page is handed to the page
 * cache as its response ends), then checks the page cache holds `count` pages.
 */
export async function pagesStored(app: ReturnType<typeof testApp>, count: number): Promise<void> {
  await app.locals.pageCache.settled();
  if (app.locals.pageCache.size < count) throw new Error(`page cache holds ${app.locals.pageCache.size} pages, expected ${count}`);
}
