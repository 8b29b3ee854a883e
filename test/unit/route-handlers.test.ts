import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { langOfPath, languageHandlers } from '../../server/route-handlers';
import { createRoutes } from '../../server/routes';

// The server renders a page from its language's part of the route tree: that part must match the same
// routes as the whole tree, or a path would get another page than the one its route names.
const routes = createRoutes();
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

  it("gives a path the handler of its language, and any other path the default language's", () => {
    const handlers = languageHandlers(routes);
    expect(handlers.forPath('/ru/about').dataRoutes.map((root) => root.id)).toEqual(['ru']);
    expect(handlers.forPath('/anything').dataRoutes.map((root) => root.id)).toEqual(['uz']);
  });
});
