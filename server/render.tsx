/**
 * Server-side rendering of one page: route loaders through the data cache, then React's streaming
 * render. People get the shell (head, header, navigation) as soon as it is ready and late content in
 * the same response; crawlers wait for the whole page and its true status. The abort timer is cleared
 * when the stream ends, and a visitor who leaves aborts the render and the upstream calls nobody else
 * waits for.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { createStaticRouter, StaticRouterProvider, type StaticHandlerContext } from 'react-router';
import { AppContext, type Assets } from '../shared/app-context';

/** When a page whose main data failed is worth asking for again: about one backend retry. */
const RETRY_AFTER_S = 60;
import { createSiteApi, type SiteApiOptions } from './backend/api';
import type { DataCache } from './backend/cache';
import { DataSession } from './backend/session';
import { endWithCodedBody } from './coded-body';
import type { RequestContext } from './loaders';
import type { Logger } from './logger';
import { pageKey, storedPageKey, storeRenderedPage, type PageCache } from './page-cache';
import { displayOfRequest } from './request-display';
import { responseWriter } from './response-writer';
import type { RouteHandlers } from './route-handlers';
import { allowInlineScripts } from './security';
import type { Stopping } from './stopping';

export interface RenderDeps {
  routes: RouteHandlers;
  cache: DataCache;
  siteUrl: string;
  cacheTtlS: number;
  cacheStaleS: number;
  apiOptions: SiteApiOptions;
  assets: Assets;
  logger: Logger;
  pageCache: PageCache;
  /** How long loaders may take before the shell is sent without their data (people only; crawlers wait). */
  headStartMs: number;
  /** How long a streamed page waits for data still on the way; then it ends with what it has. */
  streamTimeoutMs: number;
  /** How long a crawler's page waits for its data (CRAWLER_WAIT_MS); then it is answered with what it has. */
  crawlerWaitMs: number;
  /** Cuts the data's wait short once the process stops (server/stopping.ts). */
  stopping: Stopping;
  /** RUM_SAMPLE, written into every page for the browser (client/field-vitals-start.ts). */
  rumSample: number;
  /** Counts full renders (for tests and metrics): a page served from the page cache renders nothing. */
  onRender?: (pageId: string | null) => void;
}

/** What a streamed page has, past its data's deadline, to render the notices in that data's place and end. */
const STREAM_GRACE_MS = 1000;

/**
 * The stylesheet, announced with the response's headers: the browser asks for it as the headers arrive,
 * not once its parser has read the head (slow on a slow phone), and the first paint waits for nothing else.
 */
function stylesheetLinks(assets: Assets): string {
  return assets.css.map((href) => `<${href}>; rel=preload; as=style`).join(', ');
}

/** A Fetch API request for the router, with the visitor's abort signal. */
export function routerRequest(siteUrl: string, path: string, signal: AbortSignal): Request {
  return new Request(new URL(path, siteUrl), { signal });
}

/** Aborts when the visitor goes away before the response is complete. */
export function visitorSignal(res: ExpressResponse): AbortController {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller;
}

export function createRequestContext(
  deps: RenderDeps,
  session: DataSession,
  headStart: boolean,
  url: string,
): RequestContext & { routed(): void; ended(): void } {
  let headStartTimer: NodeJS.Timeout | undefined;
  let deadlineTimer: NodeJS.Timeout | undefined;
  const headStartOver = headStart ? new Promise<void>((resolve) => (headStartTimer = setTimeout(resolve, deps.headStartMs))) : null;
  // Counted from before the head start, so it comes before the stream's own limit (renderPage). A page
  // that waits for all its data (a crawler's) has the longer limit of a whole page.
  const waitMs = deps.stopping.bound(headStart ? deps.streamTimeoutMs : deps.crawlerWaitMs);
  const stopped = deps.stopping.signal;
  let onStopped: (() => void) | undefined;
  const dataDeadline = new Promise<void>((resolve) => {
    deadlineTimer = setTimeout(resolve, waitMs);
    onStopped = () => resolve();
    stopped.addEventListener('abort', onStopped, { once: true });
  });
  let tooLateLogged = false;
  return {
    api: createSiteApi(deps.cache, session, deps.apiOptions),
    session,
    headStartOver,
    dataDeadline,
    onLoaderError: (error) => deps.logger.error({ err: error }, 'loader failed'),
    onDataTooLate: () => {
      if (!tooLateLogged) deps.logger.warn({ url, afterMs: waitMs }, 'page data that came too late shown as unavailable');
      tooLateLogged = true;
    },
    routed: () => clearTimeout(headStartTimer),
    ended: () => {
      clearTimeout(deadlineTimer);
      if (onStopped) stopped.removeEventListener('abort', onStopped);
    },
  };
}

function leafPageId(context: StaticHandlerContext): string | null {
  const leaf = context.matches[context.matches.length - 1];
  return (leaf?.route.handle as { page?: string } | undefined)?.page ?? null;
}

/**
 * Only whole, good pages may be kept by nginx or a CDN. A 404 is not kept either: a news item asked
 * for just before it is published must not stay missing in every cache.
 */
export function pageCacheControl(
  deps: RenderDeps,
  { degraded, streamed, status = 200, personal = false }: { degraded: boolean; streamed: boolean; status?: number; personal?: boolean },
): string {
  if (degraded || streamed || status !== 200) return 'no-store';
  // A page for a request whose cookies name the display cookie, in any spelling, is kept by the visitor's
  // browser only: a shared cache that keys by URL, or reads the cookie another way, would hand it to
  // everyone (server/request-display.ts; docs/operations.md, "Display settings and caches").
  if (personal) return 'private, max-age=0';
  return `public, max-age=0, s-maxage=${deps.cacheTtlS}, stale-while-revalidate=${deps.cacheStaleS}`;
}

export async function renderPage(req: ExpressRequest, res: ExpressResponse, deps: RenderDeps): Promise<void> {
  // Every page request reaches this only when no stored page answered it (server/stored-pages.ts).
  deps.pageCache.missed();
  const controller = visitorSignal(res);
  const session = new DataSession(controller.signal);
  res.locals.session = session;
  // The route pattern for the request log until the router has named the page.
  res.locals.route = 'page';
  const crawler = isbot(req.get('user-agent') ?? '');
  const imagesAt = deps.pageCache.imagesLearnt;
  const ctx = createRequestContext(deps, session, !crawler, req.originalUrl);
  res.once('close', () => ctx.ended());

  // The page is rendered from exactly the URL it is stored under (server/page-cache.ts pageKey).
  const key = pageKey(req.originalUrl);
  const display = displayOfRequest(req.headers);
  const handler = deps.routes.forPath(key);
  let context: StaticHandlerContext | Response;
  try {
    context = await handler.query(routerRequest(deps.siteUrl, key, controller.signal), { requestContext: ctx });
  } catch (error) {
    // The visitor left (the request log says so): whatever the router threw on its way out is no fault.
    if (controller.signal.aborted) return;
    throw error;
  } finally {
    ctx.routed();
  }
  if (controller.signal.aborted) return;
  if (context instanceof Response) {
    // Loaders here never redirect; anything else the router answers is passed on as it is.
    res.status(context.status);
    const location = context.headers.get('location');
    if (location) res.location(location);
    res.end();
    return;
  }

  const { assets } = deps;
  const router = createStaticRouter(handler.dataRoutes, context);
  // The page's main data could not be had: still the page's own words for people, but a 503 so that
  // crawlers and caches do not take the error notice for the page.
  const unavailable = context.statusCode === 200 && session.unavailable;
  const status = unavailable ? 503 : context.statusCode;
  const streamed = hasDataOnTheWay(context);
  const pageId = leafPageId(context);
  res.locals.route = pageId ?? 'NotFound';
  deps.onRender?.(pageId);

  const writeHead = () => {
    res.status(status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', pageCacheControl(deps, { degraded: session.degraded, streamed, status, personal: display.personal }));
    if (unavailable) res.setHeader('Retry-After', String(RETRY_AFTER_S));
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('Link', stylesheetLinks(assets));
    // Let nginx pass a streamed page through as it comes; complete pages stay bufferable.
    if (streamed) res.setHeader('X-Accel-Buffering', 'no');
  };
  const page = (
    <AppContext value={{ siteUrl: deps.siteUrl, assets, display: display.settings, rumSample: deps.rumSample }}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppContext>
  );

  // All data is here (nothing deferred): the page is rendered to one string at once, which costs
  // less CPU than the stream (no 2 KB byte chunks, no scheduling; the cold rows of `npm run bench`). Should a component suspend all
  // the same, React marks that boundary for client rendering: the stream below renders it instead.
  if (!streamed) {
    const html = whole(page, deps.logger);
    if (html) {
      writeHead();
      endWithCodedBody(req, res, html);
      // Only good pages made entirely of cached data are kept: never a degraded one, never an error page,
      // and never one from the stream below, whose inline scripts only its own response's nonce allows
      // (server/security.ts).
      if (status === 200 && !session.degraded && !session.volatile && req.method === 'GET') {
        void storeRenderedPage(deps.pageCache, storedPageKey(key, display), res, html, session, imagesAt).catch((error: unknown) =>
          deps.logger.warn({ err: error }, 'page cache store failed'),
        );
      }
      return;
    }
  }

  await new Promise<void>((resolve) => {
    let settled = false;
    const finish = () => {
      if (!settled) {
        settled = true;
        clearTimeout(abortTimer);
        resolve();
      }
    };
    // React's stream may write inline script: this response's CSP allows it by a nonce, withdrawn from
    // a page sent whole that turned out to have none.
    const nonce = allowInlineScripts(res);
    const send = () => {
      writeHead();
      // A crawler's page is sent when all is ready, and a page with no deferred data is complete at its shell.
      stream.pipe(responseWriter(res, { whole: crawler || !streamed, beforeWhole: nonce.dropIfUnused }, finish));
    };
    const stream = renderToPipeableStream(page, {
      nonce: nonce.value,
      // Never outline a finished boundary behind a reveal script: complete content stays inline, so
      // visitors without JavaScript see it and a complete page carries no inline script at all.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        if (!crawler) send();
      },
      onAllReady() {
        if (crawler) send();
      },
      onShellError(error) {
        if (!controller.signal.aborted) deps.logger.error({ err: error }, 'render failed');
        if (!res.headersSent) sendPlainError(res, 500);
        finish();
      },
      onError(error) {
        if (controller.signal.aborted) return;
        // Late data was given up before this limit (loaders.ts): a render still unfinished now is a fault.
        if (error === streamTimeout) {
          if (!timeoutLogged) deps.logger.error({ url: req.originalUrl }, 'streamed page did not finish in time: ended as it was');
          timeoutLogged = true;
          return;
        }
        deps.logger.error({ err: error }, 'render error');
      },
    });
    const streamTimeout = new Error('stream timeout');
    let timeoutLogged = false;
    const abortTimer = setTimeout(() => stream.abort(streamTimeout), deps.streamTimeoutMs + STREAM_GRACE_MS);
    controller.signal.addEventListener('abort', () => {
      stream.abort();
      finish();
    });
  });
}

/** Whether a loader handed over data still being loaded: the page then streams it when it comes. */
function hasDataOnTheWay(context: StaticHandlerContext): boolean {
  return Object.values<unknown>(context.loaderData).some(
    (value) => value !== null && typeof value === 'object' && Object.values(value).some((slot) => slot instanceof Promise),
  );
}

/**
 * The page as one document, or null when part of it suspended (React left it to the client).
 * React's string is a rope of thousands of pieces: it is flattened once (by byteLength) and encoded
 * once, and the marker is looked for in the bytes (a search of the string would flatten it a second
 * time). Buffer.from would do the same in one call, but for a large string with any character above
 * U+00FF (every uz and ru page) Node 20 takes a slow path there, several times byteLength + write.
 */
function whole(page: React.ReactElement, logger: Logger): Buffer | null {
  let html: string;
  try {
    html = renderToString(page);
  } catch (error) {
    // The stream renders it again and reports what failed the way it reports any render error.
    logger.warn({ err: error }, 'whole-page render failed; streaming instead');
    return null;
  }
  const documentText = `<!DOCTYPE html>${html}`;
  const bytes = Buffer.allocUnsafe(Buffer.byteLength(documentText));
  bytes.write(documentText);
  if (bytes.includes(SUSPENDED_MARKER)) {
    logger.warn('a component suspended with all data present; streaming instead');
    return null;
  }
  return bytes;
}

/** Where renderToString left a boundary for the client to render. */
const SUSPENDED_MARKER = '<!--$!-->';

/** A last-resort page with no detail of what went wrong. */
export function sendPlainError(res: ExpressResponse, status: number): void {
  res
    .status(status)
    .set('Content-Type', 'text/html; charset=utf-8')
    .set('Cache-Control', 'no-store')
    .send(
      `<!DOCTYPE html><html lang="uz"><head><meta charset="utf-8"><title>Unexpected Application Error!</title></head><body><h1>Unexpected Application Error!</h1><p>${status}</p></body></html>`,
    );
}
