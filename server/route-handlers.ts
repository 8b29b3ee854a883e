/**
 * The route tree's language roots (server/routes.tsx), each under a static handler of its own. React
 * Router flattens and ranks every route of its tree on each match, and createStaticRouter copies the
 * tree for every render: with one handler per language, a request pays for its own language's quarter
 * of the tree. A path goes to the handler of the root that would match it in the whole tree: React
 * Router matches segments decoded and case-insensitively, and so does the choice here, so splitting
 * the tree changes no page a path gets.
 */
import { createStaticHandler, type RouteObject, type StaticHandler } from 'react-router';
import { DEFAULT_LANG, langFromPath, type Lang } from '../shared/lang';

export interface RouteHandlers {
  /** The handler for a site path, with or without its query. */
  forPath(path: string): StaticHandler;
}

export function languageHandlers(routes: RouteObject[]): RouteHandlers {
  const handlers = new Map<Lang, StaticHandler>();
  for (const root of routes) handlers.set((root.handle as { lang: Lang }).lang, createStaticHandler([root]));
  const fallback = handlers.get(DEFAULT_LANG);
  if (!fallback) throw new Error(`route tree has no ${DEFAULT_LANG} root`);
  return { forPath: (path) => handlers.get(langOfPath(path)) ?? fallback };
}

/** The language of a path's first segment, decoded as React Router decodes it. */
export function langOfPath(path: string): Lang {
  const first = path.split(/[/?#]/)[1] ?? '';
  let decoded = first;
  try {
    // As React Router decodes: an encoded slash stays inside its segment.
    decoded = decodeURIComponent(first).replaceAll('/', '%2F');
  } catch {
    // React Router, too, keeps a segment it cannot decode as it is.
  }
  return langFromPath(`/${decoded}`);
}
