import type { AddressInfo } from 'node:net';
import { createApp, type AppDeps } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { metricsServer } from '../../server/metrics';

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
 * Waits for the app's first search catalogue, which the sitemap and the feeds are made from. A request for
 * them gives up after CRAWLER_WAIT_MS (503), and on a busy machine the first catalogue of the whole
 * content can take longer than that: a test about what they hold waits for the catalogue, not the clock.
 */
export async function catalogueMade(app: ReturnType<typeof testApp>): Promise<void> {
  await app.locals.search.current();
}

/**
 * Waits for the stores under way (storing compresses in the background; a page is handed to the page
 * cache as its response ends), then checks the page cache holds `count` pages.
 */
export async function pagesStored(app: ReturnType<typeof testApp>, count: number): Promise<void> {
  await app.locals.pageCache.settled();
  if (app.locals.pageCache.size < count) throw new Error(`page cache holds ${app.locals.pageCache.size} pages, expected ${count}`);
}

/** Runs `use` with the app's metrics listener (/metrics, the detailed /healthz) on a free port of 127.0.0.1. */
export async function withMetricsListener<T>(app: ReturnType<typeof testApp>, use: (origin: string) => Promise<T>): Promise<T> {
  const server = metricsServer(app.locals.metrics, app.locals.healthDetails).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The detailed health the metrics listener serves as /healthz. */
export function healthDetails(app: ReturnType<typeof testApp>): Promise<Record<string, unknown>> {
  return withMetricsListener(app, async (origin) => {
    const res = await fetch(`${origin}/healthz`);
    if (res.status !== 200 || res.headers.get('cache-control') !== 'no-store') throw new Error(`metrics /healthz answered ${res.status}`);
    return (await res.json()) as Record<string, unknown>;
  });
}
