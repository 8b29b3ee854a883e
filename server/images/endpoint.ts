/**
 * GET/HEAD /_img/…: the variant a signed URL asks for, in the format Accept allows (urls.ts has the
 * URL's shape). Unsigned, forged or malformed URLs and widths outside the set are 404. When the default
 * image stands in for the source (failed, slow, or the work queue full), X-Image-Fallback names why in
 * one of a few fixed words (refused.ts); what exactly failed is only in the log.
 */
import express, { type Request, type Response, type Router } from 'express';
import { noneMatchHits } from '../etag';
import { negotiate, SHARE, type Target } from './formats';
import type { Signer } from './signing';
import { readImagePath } from './urls';
import type { ImageVariants } from './variants';

export function imageRouter(signer: Signer, variants: ImageVariants): Router {
  // Case-sensitive, as the signature is: /_IMG/… is no image URL.
  const router = express.Router({ caseSensitive: true });
  router.get('/_img/*rest', (req, res, next) => {
    serve(req, res, signer, variants).catch(next);
  });
  return router;
}

async function serve(req: Request, res: Response, signer: Signer, variants: ImageVariants): Promise<void> {
  res.locals.route = 'image';
  const asked = readImagePath(signer, req.path);
  if (!asked) {
    res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
    return;
  }
  // The share crop is JPEG for everyone; every other variant follows Accept.
  let target: Target = 'legacy';
  if (asked.width !== SHARE) {
    res.vary('Accept');
    target = negotiate(req.get('accept'), asked.width);
  }
  const answer = await variants.answer(asked.source, asked.version, asked.width, target);
  res.set({ 'Content-Type': answer.contentType, ETag: answer.etag, 'Cache-Control': answer.cacheControl });
  if (answer.fallback) res.set('X-Image-Fallback', answer.fallback);
  if (noneMatchHits(req.get('if-none-match'), answer.etag)) {
    res.status(304).end();
    return;
  }
  res.set('Content-Length', String(answer.body.length)).end(answer.body);
}
