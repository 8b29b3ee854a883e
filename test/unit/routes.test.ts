import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_TABLE } from '../../shared/page-table';
import { createRoutes } from '../../server/routes';

const routes = createRoutes();

describe('the route tree', () => {
  it('has one root per rendition, each with every page of the page table and the 404 last', () => {
    expect(routes.map((root) => [root.id, root.path])).toEqual([
      ['uz', '/'],
      ['uz-cyrl', '/uz-cyrl'],
      ['ru', '/ru'],
      ['en', '/en'],
    ]);
    for (const root of routes) {
      expect(root.children?.map((route) => route.id)).toEqual([...PAGE_TABLE.map((page) => `${root.id}:${page.id}`), `${root.id}:NotFound`]);
    }
  });

  it('gives a page with data its loader and a page without none', () => {
    const leaf = (path: string) => matchRoutes(routes, path)!.at(-1)!.route;
    expect(typeof leaf('/ru/news/5').loader).toBe('function');
    expect(leaf('/en/regulation').loader).toBeUndefined();
    expect(leaf('/uz-cyrl/no-such-page').id).toBe('uz-cyrl:NotFound');
  });
});
