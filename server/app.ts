/**
 * The Express app (no listen: server/index.ts does that, tests use supertest). Middleware order is the
 * architecture: request log, security headers, compression, static files, image variants (/_img/),
 * health, SEO files, the purge endpoint, pages, and a last error handler that never shows a stack trace.
 */
import compression from 'compression';
import Negotiator from 'negotiator';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CRAWLER_WAIT_MS, LOADER_HEAD_START_MS, STREAM_TIMEOUT_MS } from '../shared/constants';
import { DataCache } from './backend/cache';
import { createSource, studentLifePath } from './backend';
import { onFieldPastBound } from './backend/fields';
import type { DataSession } from './backend/session';
import type { Source } from './backend/source';
import { assetsOf, readManifest, type Manifest } from './assets';
import type { Config } from './config';
import { servePrecompressed } from './precompressed';
import { createLogger, type Logger } from './logger';
import { CLIENT_DIST, PUBLIC_DIR } from './paths';
import { pageCacheControl, renderPage, sendPlainError, type RenderDeps } from './render';
import { securityHeaders } from './security';
import { PageCache } from './page-cache';
import { cacheInvalidation } from './invalidation';
import { purgeRouter } from './purge';
import { createMetrics, type Metrics } from './metrics';
import { answerFromPageCache } from './stored-pages';
import { onlyGetAndHead } from './methods';
import { displaySettingsRouter } from './display-settings';
import { createSiteApi } from './backend/api';
import { SiteIndex } from './search';
import { UpstreamHealth } from './upstream-health';
import { healthDetails, publicHealth } from './health';
import { seoRouter } from './seo';
import { onSanitizeFallback } from './sanitize';
import { languageHandlers } from './route-handlers';
import { createRoutes } from './routes';
import { SharedTier } from './shared-cache';
import { batchOf } from './shared-cache/purge-batch';
import { buildId } from './shared-cache/build-id';
import { createImages, type Images } from './images';
import { pictureMaker } from './images/pictures';
import { registerImageMetrics } from './images/metrics';
import { registerAlertMetrics } from './alert-metrics';
import { clientAddress, fieldVitalsEndpoint } from './field-vitals';
import { Stopping } from './stopping';

export interface AppDeps {
  source?: Source;
  logger?: Logger;
  manifest?: Manifest;
  now?: () => number;
  /**
   * The loaders' head start (LOADER_HEAD_START_MS): tests that need a whole page give a long one,
   * tests of streaming give 0, so that no test depends on how fast the machine is.
   */
  headStartMs?: number;
  /** How long a streamed page waits for its late data (STREAM_TIMEOUT_MS); tests give a short one. */
  streamTimeoutMs?: number;
  /** How long a crawler's page waits for its data (CRAWLER_WAIT_MS); tests give a short one. */
  crawlerWaitMs?: number;
}

type SiteLocals = Express['locals'] & {
  cache: DataCache;
  pageCache: PageCache;
  logger: Logger;
  metrics: Metrics;
  renders: number;
  search: SiteIndex;
  /** Present when REDIS_URL is set; `close` it to let the process exit. */
  shared: SharedTier | null;
  images: Images;
  /** `begin()` when the process stops: waits under way end soon after (server/stopping.ts). */
  stopping: Stopping;
  /** The detailed health, for the metrics listener's /healthz (server/health.ts). */
  healthDetails: () => Record<string, unknown>;
};

/**
 * The site as a plain request listener: a stored page is answered before Express's own request setup
 * and routing (on a warm page those cost more than sending the stored bytes; docs/architecture.md,
 * "Decisions and why"), everything else goes to the Express app. `listen` and `locals` as Express has them.
 */
export interface SiteApp {
  (req: IncomingMessage, res: ServerResponse): void;
  locals: SiteLocals;
  listen(port: number, host: string, onListening?: () => void): Server;
  listen(port: number, onListening?: () => void): Server;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function createApp(config: Config, deps: AppDeps = {}): SiteApp {
  const logger = deps.logger ?? createLogger(config.logLevel);
  const source = deps.source ?? createSource(config);
  onSanitizeFallback((reason) => logger.warn({ reason }, 'rich text shown as plain text'));
  onFieldPastBound((field) => logger.warn({ field }, 'backend field past its bound'));
  const upstream = new UpstreamHealth(config, deps.now);
  const stopping = new Stopping();
  const manifest = deps.manifest ?? readManifest();
  // The shared tier needs the caches to purge, and the data cache needs its level: the callbacks
  // below run only after both exist.
  // loadConfig refuses REDIS_URL without REDIS_SIGNING_KEY.
  const shared =
    config.redisUrl && config.redisSigningKey
      ? new SharedTier({
          url: config.redisUrl,
          timeoutMs: config.redisTimeoutMs,
          build: buildId(manifest),
          signingKey: config.redisSigningKey,
          entryMs: config.cacheTtlMs + config.cacheStaleMs,
          lockMs: config.backendTimeoutMs + 1000,
          logger,
          applyPurge: (batch) => invalidate.purge(batch),
          resync: () => invalidate.resync(),
        })
      : null;
  const cache = new DataCache({
    source,
    ttlMs: config.cacheTtlMs,
    staleMs: config.cacheStaleMs,
    maxKeys: config.cacheMaxKeys,
    maxBytes: config.cacheMaxBytes,
    now: deps.now,
    shared: shared?.level,
    // A replica waits for another's call to the backend at most as long as it would wait for its own.
    sharedWaitMs: config.backendTimeoutMs + 500,
    onSharedFill: (path) => upstream.sharedData(path),
    onUpstream: (event) => {
      upstream.record(event.path, event.outcome);
      metrics.upstream(event.path, event.ms / 1000, event.outcome);
      // 'aborted': every visitor waiting for the call left (logged once, as each request's end).
      if (event.outcome !== 'ok' && event.outcome !== 'not-found' && event.outcome !== 'aborted') logger.warn({ upstream: event }, 'upstream call failed');
      else logger.debug({ upstream: event }, 'upstream call');
    },
  });
  const routes = languageHandlers(createRoutes());
  const pageCache = new PageCache(cache, config.pageCacheMaxBytes);
  // What purges, resyncs and image sources drop from the caches, and why (server/invalidation.ts).
  const invalidate = cacheInvalidation(cache, pageCache);
  const metrics = createMetrics(cache, pageCache, shared);
  const app = express() as Express & { locals: SiteLocals };
  const images = createImages(config, {
    logger,
    now: deps.now ?? Date.now,
    onSourceChanged: () => invalidate.imageSourceChanged(),
    onSourceLearnt: () => invalidate.imageSourceLearnt(),
    shared: shared?.imageFacts,
    stopping,
  });
  registerImageMetrics(metrics.registry, images);
  registerAlertMetrics(metrics.registry, { ready: () => upstream.ready });
  // Site search, the sitemap and the feeds share one catalogue made from the data cache (server/search).
  const search = new SiteIndex({ cache, logger, api: (session) => createSiteApi(cache, session, { studentLifePath: studentLifePath(config) }) });
  const renderDeps: RenderDeps = {
    routes,
    cache,
    siteUrl: config.siteUrl,
    cacheTtlS: Math.round(config.cacheTtlMs / 1000),
    cacheStaleS: Math.round(config.cacheStaleMs / 1000),
    apiOptions: {
      studentLifePath: studentLifePath(config),
      search: (query, lang, page) => search.search(query, lang, page),
      picture: pictureMaker(images.urls),
      richText: images.richText.rewrite,
    },
    assets: assetsOf(manifest),
    logger,
    pageCache,
    headStartMs: deps.headStartMs ?? LOADER_HEAD_START_MS,
    streamTimeoutMs: deps.streamTimeoutMs ?? STREAM_TIMEOUT_MS,
    crawlerWaitMs: deps.crawlerWaitMs ?? CRAWLER_WAIT_MS,
    rumSample: config.rumSample,
    stopping,
    onRender: () => app.locals.renders++,
  };

  app.locals.cache = cache;
  app.locals.pageCache = pageCache;
  app.locals.metrics = metrics;
  app.locals.renders = 0;
  app.locals.search = search;
  app.locals.images = images;
  app.locals.stopping = stopping;
  app.locals.logger = logger;
  app.locals.shared = shared;
  app.locals.healthDetails = healthDetails({ source, upstream, cache, pageCache, search, shared });
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.set('etag', false);
  const trustedProxy = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const beacons = fieldVitalsEndpoint({
    enabled: config.rumSample > 0,
    registry: metrics.registry,
    now: deps.now ?? Date.now,
    clientAddress: (req) => clientAddress(req, trustedProxy),
  });

  app.use(requestLog(logger, metrics));
  app.use(securityHeaders({ imageOrigins: config.backendUrl ? [new URL(config.backendUrl).origin] : [] }));
  app.use('/assets', servePrecompressed(join(CLIENT_DIST, 'assets'), IMMUTABLE));
  app.use(gzipOnTheFly, compression());
  app.use(
    '/assets',
    express.static(join(CLIENT_DIST, 'assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    }),
  );
  app.use(servePublic(PUBLIC_DIR));
  app.use(images.router);
  app.use(publicHealth(upstream));
  app.use(
    seoRouter({
      siteUrl: config.siteUrl,
      index: search,
      cacheControl: (degraded) => pageCacheControl(renderDeps, { degraded, streamed: false }),
      waitMs: renderDeps.crawlerWaitMs,
      stopping,
      logger,
    }),
  );
  app.use(
    purgeRouter({
      token: config.cachePurgeToken,
      logger,
      purge: async (scope) => {
        if (shared) return shared.purge(scope);
        invalidate.purge(batchOf(scope));
        return 'local';
      },
    }),
  );
  // The accessibility panel's form: POST from the site's own pages only (server/display-settings.ts).
  app.use(displaySettingsRouter({ siteUrl: config.siteUrl }));
  // Pages: every other GET. A middleware rather than a route pattern, so that no URL (even '/%E0%A4')
  // fails in Express's parameter decoding: the router decides, and answers 404 for what it does not know.
  // Any other method: 405 with Allow, not the 404 page (server/methods.ts).
  app.use(onlyGetAndHead);
  app.use((req, res, next) => {
    renderPage(req, res, renderDeps).catch(next);
  });
  app.use((_req, res) => {
    res.locals.route = 'not_found';
    sendPlainError(res, 404);
  });
  app.use(errorHandler(logger));

  const site = ((req: IncomingMessage, res: ServerResponse) => {
    // Field Web Vitals beacons, before Express too (server/field-vitals/).
    const beacon = beacons.answer(req, res, ({ status, started }) =>
      logRequest(logger, metrics, { method: req.method, path: req.url, route: 'field-vitals', status, started, cache: 'none' }),
    );
    if (beacon) return;
    answerFromPageCache(pageCache, req, res, ({ route, status, started }) =>
      logRequest(logger, metrics, { method: req.method, path: req.url, route, status, started, cache: 'page' }),
    ).then(
      (served) => {
        if (!served) app(req, res);
      },
      (error: unknown) => {
        logger.error({ err: error, path: req.url?.slice(0, 512) }, 'stored page failed');
        if (res.headersSent) res.destroy();
        else app(req, res);
      },
    );
  }) as SiteApp;
  site.locals = app.locals;
  site.listen = (port: number, ...rest: [string, (() => void)?] | [(() => void)?]) => {
    const server = createServer(site);
    return typeof rest[0] === 'string' ? server.listen(port, rest[0], rest[1]) : server.listen(port, rest[0]);
  };
  return site;
}

/** The route pattern for logs and metrics: the page id when a page answered, else the kind of request. */
function routeOf(req: { path: string }, res: { locals: Record<string, unknown> }): string {
  if (typeof res.locals.route === 'string') return res.locals.route;
  if (req.path.startsWith('/assets/')) return 'assets';
  return 'static';
}

interface RequestFacts {
  method: string | undefined;
  path: string | undefined;
  route: string;
  status: number;
  started: bigint;
  cache: string;
}

/** The status logged and counted for a request whose client closed the connection first (nginx's). */
const CLIENT_CLOSED = 499;

/** One log line and the request metrics, for every response (page cache hits included). */
function logRequest(logger: Logger, metrics: Metrics, { method, path, route, status, started, cache }: RequestFacts, message?: string): void {
  const ms = Number((process.hrtime.bigint() - started) / 1000n) / 1000;
  metrics.request(route, status, ms / 1000);
  logger.info({ method, path: (path ?? '').slice(0, 512), route, status, ms, cache }, message);
}

/**
 * The request log: one line when the response is complete, or one when the client left before it was.
 * A visitor closing the tab is no fault of the site: what it cuts short (the render, the upstream
 * calls nobody else waits for) ends without logging again.
 */
function requestLog(logger: Logger, metrics: Metrics): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const facts = (status: number): RequestFacts => ({
      method: req.method,
      path: req.originalUrl,
      route: routeOf(req, res),
      status,
      started,
      cache: (res.locals.session as DataSession | undefined)?.outcome ?? 'none',
    });
    res.on('finish', () => logRequest(logger, metrics, facts(res.statusCode)));
    res.on('close', () => {
      if (res.writableFinished) return;
      if (res.locals.cutShort) logRequest(logger, metrics, facts(500), 'response cut short after an error');
      else logRequest(logger, metrics, facts(CLIENT_CLOSED), 'client closed the connection');
    });
    next();
  };
}

/**
 * Responses compressed as they are sent (streamed pages, small public files) use gzip even where
 * brotli is accepted: a brotli encoder per response holds far more memory than gzip's under many concurrent
 * cold pages (`npm run bench:memory` measures it), for output only a few percent smaller. Stored pages and hashed
 * assets, compressed once, are still sent as brotli (they are answered before this), and so are pages
 * rendered whole, compressed in one call before they are sent (coded-body.ts).
 */
const gzipOnTheFly: RequestHandler = (req, res, next) => {
  const accept = req.headers['accept-encoding'];
  res.locals.acceptEncoding = accept;
  if (accept && new Negotiator(req).encodings(['gzip']).length > 0) req.headers['accept-encoding'] = 'gzip';
  next();
};

function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: { status?: number; statusCode?: number; expose?: boolean }, req, res, _next) => {
    const status = error.status ?? error.statusCode ?? 500;
    // A request whose client has gone is logged by the request log; what failed because it went is not news.
    const clientGone = res.destroyed && !res.writableFinished;
    if (status >= 500 && !clientGone) logger.error({ err: error, path: req.originalUrl.slice(0, 512) }, 'request failed');
    if (res.headersSent) {
      res.locals.cutShort = true;
      res.destroy();
      return;
    }
    // Missing hashed assets are a plain 404; anything else gets the site's error page.
    sendPlainError(res, status >= 400 && status < 600 ? status : 500);
  };
}

/**
 * The files of public/ (favicon, media, documents), looked up only for paths under its own top-level
 * names: a page URL then costs no file-system call before it is rendered.
 */
function servePublic(dir: string): RequestHandler {
  const names = new Set(readdirSync(dir));
  const serve = express.static(dir, { index: false, maxAge: '1h', etag: true });
  return (req, res, next) => {
    const first = req.path.split('/', 2)[1] ?? '';
    if (names.has(first)) serve(req, res, next);
    else next();
  };
}
