/**
 * Route loaders in the browser: ask the server's data endpoint, which runs the same loader against the
 * same cache and answers the page's data already sanitised and formatted.
 */
import { data, type LoaderFunction } from 'react-router';
import type { LoaderFactory } from '../shared/routes';

export const browserLoaders: LoaderFactory = (page, _lang, routeId) => {
  if (!page.data) return undefined;
  const loader: LoaderFunction = async ({ request }) => {
    const url = new URL(request.url);
    const query = new URLSearchParams({ route: routeId, path: url.pathname + url.search });
    const response = await fetch(`/_data?${query}`, { signal: request.signal, headers: { accept: 'application/json' } });
    if (!response.ok) {
      throw data(null, { status: response.status, statusText: response.status === 404 ? 'Not Found' : response.statusText });
    }
    return response.json();
  };
  return loader;
};
