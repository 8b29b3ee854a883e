import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from '../../shared/routes';
import { langOfPath, languageHandlers } from '../../server/route-handlers';

// The server renders a page from its language's part of the route tree, the browser hydrates it with
// the whole tree: both must match the same routes, or the first render in the browser differs.
const routes = createRoutes(() => undefined);
const ids = (tree: typeof routes, path: string) => matchRoutes(tree, path)?.map((match) => match.route.id) ?? null;

describe('one route handler per language', () => {
  it.each([
    '/',
    '/about',
    '/news/3',
    '/rules',
    '/russian',
    '/enx',
    '/uz/about',
    '/ru',
    '/ru/',
    '/ru/about',
    '/RU/About',
    '/%72u/about',
    '/%72U/news/2',
    '/ru%2Fabout',
    '/%E0%A4%A/x',
    '/en',
    '/EN/newsAll',
    '/uz-cyrl',
    '/uz-cyrl/about',
    '/UZ-Cyrl/news/3',
    '/uz-cyrl%2Fabout',
    '/uz-cyrillic/about',
    '/uz-/about',
    '/en/no-such-page',
    '/nowhere/at/all',
  ])('%s matches the same routes in its language part as in the whole tree', (path) => {
    const root = routes.find((route) => route.id === langOfPath(path))!;
    expect(ids([root], path)).toEqual(ids(routes, path));
  });

  it('takes the language from the first segment only, with or without a query', () => {
    expect(['/ru?page=2', '/ru/newsAll?page=2', '/en#top', '/?lang=ru', '/about/ru', '/uz-cyrl?q=1'].map(langOfPath)).toEqual([
      'ru',
      'ru',
      'en',
      'uz',
      'uz',
      'uz-cyrl',
    ]);
  });

  it('knows page routes of every language and nothing else', () => {
    const handlers = languageHandlers(routes);
    expect(['uz:About', 'ru:About', 'en:NotFound'].map((id) => handlers.hasPage(id))).toEqual([true, true, true]);
    expect(['ru', 'xx:About', 'ru:about', ''].map((id) => handlers.hasPage(id))).toEqual([false, false, false, false]);
    expect(handlers.forPath('/ru/about').dataRoutes.map((root) => root.id)).toEqual(['ru']);
    expect(handlers.forPath('/anything').dataRoutes.map((root) => root.id)).toEqual(['uz']);
  });
});
