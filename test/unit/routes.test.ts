import { describe, expect, it } from 'vitest';
import { PAGES } from '../../shared/routes';

// The browser fetches a page's data on navigation only when its `data` flag says it has a loader:
// a flag that disagrees with the module either loses the page's data or asks for data that is not there.
describe('the route table', () => {
  it.each(PAGES.map((page) => [page.id, page] as const))('%s: `data` says whether the module exports a loader', async (_, page) => {
    const module = await page.load();
    expect(Boolean(page.data)).toBe(typeof module.loader === 'function');
  });
});
