/**
 * Pages are read-only. Any method but GET and HEAD gets 405 with Allow (RFC 9110 15.5.6), not the
 * 404 page: to a proxy or crawler a 404 says the page is gone. OPTIONS too: the site serves no
 * cross-origin API, so there is no preflight to answer, and Allow already says what a page takes.
 */
import type { RequestHandler } from 'express';
import { sendPlainError } from './render';

export const onlyGetAndHead: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  res.locals.route = 'method_not_allowed';
  res.set('Allow', 'GET, HEAD');
  sendPlainError(res, 405);
};
