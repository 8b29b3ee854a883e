/**
 * How page loaders run on the server. A loader hands back one promise per piece of data; each is
 * turned into a Loaded value and raced against the request's head-start deadline. Data in time makes
 * a whole page with the true status (404 for an id the backend does not know); data still coming is
 * left as a promise, which the page renders behind a Suspense boundary and the server streams.
 */
import { data, type LoaderFunction } from 'react-router';
import { DataError, type Loaded, type Missing, type PageLoader, type SiteApi } from '../shared/data';
import type { Lang } from '../shared/lang';
import type { DataSession } from './backend/session';

export interface RequestContext {
  api: SiteApi;
  session: DataSession;
  /** Resolves when the head start is over; null means "wait for everything" (crawlers). */
  headStartOver: Promise<void> | null;
  /** Resolves when data still on the way is given up (the page then says it is unavailable); null: never. */
  dataDeadline: Promise<void> | null;
  onLoaderError: (error: unknown) => void;
  /** Told once per request when data is given up at the deadline. */
  onDataTooLate: () => void;
}

const LATE = Symbol('late');
const TOO_LATE: unique symbol = Symbol('too late');

export function notFoundResponse(): never {
  throw data(null, { status: 404, statusText: 'Not Found' });
}

function toLoaded<T>(promise: Promise<T>, ctx: RequestContext): Promise<Loaded<T>> {
  return promise.then(
    (value): Loaded<T> => ({ ok: true, value }),
    (error: unknown): Loaded<T> => {
      if (!(error instanceof DataError)) ctx.onLoaderError(error);
      const missing: Missing = error instanceof DataError ? error.kind : 'failed';
      if (missing === 'failed') ctx.session.degraded = true;
      return { ok: false, missing };
    },
  );
}

/**
 * Data that has not come by the deadline is shown as unavailable: a streamed page ends with a notice in
 * its place rather than its 'Loading...' being cut off when the stream is ended, and a page that waits
 * for all its data (a crawler's) is answered before the proxy in front gives up on the replica.
 */
function untilDeadline<T>(loaded: Promise<Loaded<T>>, ctx: RequestContext): Promise<Loaded<T>> {
  if (!ctx.dataDeadline) return loaded;
  return Promise.race([loaded, ctx.dataDeadline.then(() => TOO_LATE)]).then((first): Loaded<T> => {
    if (first !== TOO_LATE) return first as Loaded<T>;
    ctx.session.degraded = true;
    ctx.onDataTooLate();
    return { ok: false, missing: 'failed' };
  });
}

export async function settle(
  loader: PageLoader<Record<string, unknown>>,
  args: Parameters<PageLoader<Record<string, unknown>>>[0],
  ctx: RequestContext,
  mainData?: string,
): Promise<Record<string, Loaded<unknown> | Promise<Loaded<unknown>>>> {
  let promises: Record<string, Promise<unknown>>;
  try {
    promises = loader(args);
  } catch (error) {
    if (error instanceof DataError && error.kind === 'not-found') notFoundResponse();
    throw error;
  }
  const slots: Record<string, Loaded<unknown> | Promise<Loaded<unknown>>> = {};
  await Promise.all(
    Object.entries(promises).map(async ([key, promise]) => {
      const loaded = toLoaded(promise, ctx);
      const first = ctx.headStartOver ? await Promise.race([loaded, ctx.headStartOver.then(() => LATE)]) : await untilDeadline(loaded, ctx);
      slots[key] = first === LATE ? untilDeadline(loaded, ctx) : (first as Loaded<unknown>);
    }),
  );
  const missing = Object.values(slots).some((slot) => !(slot instanceof Promise) && !slot.ok && slot.missing === 'not-found');
  if (missing) notFoundResponse();
  const keys = Object.keys(slots);
  const main = slots[mainData ?? (keys.length === 1 ? keys[0]! : '')];
  if (main && !(main instanceof Promise) && !main.ok) ctx.session.unavailable = true;
  return slots;
}

/** A page's route loader for the server's static handler: the page's own loader against the data cache. */
export function pageLoader(loader: PageLoader<Record<string, unknown>>, lang: Lang, mainData?: string): LoaderFunction {
  return async ({ request, params, context }) =>
    settle(loader, { api: (context as RequestContext).api, lang, params, url: new URL(request.url) }, context as RequestContext, mainData);
}
