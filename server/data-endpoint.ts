/**
 * The data endpoint client navigation uses: the same route loaders and data cache as server
 * rendering, answering one route's loader data as JSON. The browser never calls the backend itself.
 *   GET /_data?route=ru:NewsAll&path=/ru/newsAll?page=2
 */
import type { Request, Response } from 'express';
import { isRouteErrorResponse } from 'react-router';
import { scriptSafeJson } from '../shared/boot';
import { DataSession } from './backend/session';
import { pageKey } from './page-cache';
import { createRequestContext, pageCacheControl, routerRequest, visitorSignal, type RenderDeps } from './render';

function statusOf(error: unknown): number | null {
  if (error instanceof Response) return error.status;
  if (isRouteErrorResponse(error)) return error.status;
  const init = (error as { init?: { status?: number } } | null)?.init;
  return typeof init?.status === 'number' ? init.status : null;
}

export async function serveRouteData(req: Request, res: Response, deps: RenderDeps): Promise<void> {
  const route = typeof req.query.route === 'string' ? req.query.route : '';
  const path = typeof req.query.path === 'string' ? req.query.path : '';
  const known = deps.routes.hasPage(route);
  if (!known || !path.startsWith('/') || path.startsWith('//') || path.length > 2048) {
    res.status(400).set('Cache-Control', 'no-store').json({ status: 400 });
    return;
  }
  const controller = visitorSignal(res);
  const session = new DataSession(controller.signal);
  res.locals.session = session;
  const ctx = createRequestContext(deps, session, false);
  try {
    const key = pageKey(path);
    const value: unknown = await deps.routes.forPath(key).queryRoute(routerRequest(deps.siteUrl, key, controller.signal), {
      routeId: route,
      requestContext: ctx,
    });
    res
      .status(200)
      .set('Content-Type', 'application/json; charset=utf-8')
      .set('Cache-Control', pageCacheControl(deps, { degraded: session.degraded, streamed: false }))
      .send(scriptSafeJson(value ?? null));
  } catch (error) {
    const status = statusOf(error);
    if (status === null) deps.logger.error({ err: error }, 'data endpoint failed');
    res
      .status(status ?? 500)
      .set('Cache-Control', 'no-store')
      .json({ status: status ?? 500 });
  } finally {
    ctx.done();
  }
}
