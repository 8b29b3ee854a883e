/**
 * The search page as a visitor without JavaScript uses it, on the embedded content (the site's real
 * size): every result is reachable through plain page links, and queries people really type find things.
 */
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SEARCH_RESULTS_PER_PAGE as PER_PAGE } from '../../shared/constants';
import { testApp } from '../helpers/app';

const app = testApp(null);

async function open(url: string) {
  const res = await request(app).get(url).expect(200);
  const doc = new JSDOM(res.text).window.document;
  return {
    doc,
    count: doc.querySelector('.search-count')?.textContent ?? '',
    hits: [...doc.querySelectorAll('.search-results > li')].map((li) => li.textContent),
    start: Number(doc.querySelector('.search-results')?.getAttribute('start') ?? 1),
    pageLinks: [...doc.querySelectorAll('.search-pages a')].map((a) => ({ text: a.textContent, href: a.getAttribute('href')! })),
  };
}

describe('search results beyond the first page', () => {
  it('shows the whole count and links to every page; each page lists the next ones', async () => {
    const first = await open('/search?q=universitet');
    const total = Number(/(\d+)/.exec(first.count)?.[1]);
    expect(total).toBeGreaterThan(2 * PER_PAGE);
    expect(first.hits).toHaveLength(PER_PAGE);
    const pages = Math.ceil(total / PER_PAGE);
    expect(first.count).toContain(`${pages} sahifadan 1-sahifa`);
    const next = first.pageLinks.find((link) => link.text === 'Keyingi')!;
    expect(next.href).toBe('/search?page=2&q=universitet');
    expect(first.pageLinks.filter((link) => /^\d+$/.test(link.text))).toHaveLength(pages);

    const second = await open(next.href);
    expect(second.count).toContain(`${total}`);
    expect(second.start).toBe(PER_PAGE + 1);
    expect(second.hits.length).toBe(Math.min(PER_PAGE, total - PER_PAGE));
    expect(second.hits.filter((hit) => first.hits.includes(hit))).toEqual([]);
    expect(second.pageLinks.find((link) => link.text === 'Oldingi')?.href).toBe('/search?q=universitet');
    expect(second.doc.querySelector('.search-pages [aria-current="page"]')?.textContent).toBe('2');
  });

  it('keeps the language and the query in the page links, and answers a page past the end with none', async () => {
    const ru = await open('/ru/search?q=%D1%83%D0%BD%D0%B8%D0%B2%D0%B5%D1%80%D1%81%D0%B8%D1%82%D0%B5%D1%82');
    for (const link of ru.pageLinks) expect(link.href).toMatch(/^\/ru\/search\?(page=\d+&)?q=%D1%83/);
    const beyond = await open('/search?q=universitet&page=999');
    expect(beyond.hits).toEqual([]);
    expect(beyond.doc.querySelector('main .notice')).not.toBeNull();
    for (const url of ['/search?q=universitet&page=0', '/search?q=universitet&page=x', '/search?q=universitet&page=1.5']) {
      expect((await open(url)).hits, url).toHaveLength(PER_PAGE);
    }
  });
});

describe('queries people type', () => {
  it('finds the same with ё and е in Russian', async () => {
    const withYo = await open(`/ru/search?q=${encodeURIComponent('приём')}`);
    expect(withYo.hits.length).toBeGreaterThan(0);
    expect((await open(`/ru/search?q=${encodeURIComponent('прием')}`)).hits).toEqual(withYo.hits);
  });

  it('is not emptied by a stray one-letter word', async () => {
    const words = await open(`/search?q=${encodeURIComponent("o'quv yili")}`);
    expect(words.hits.length).toBeGreaterThan(0);
    expect((await open(`/search?q=${encodeURIComponent("o'quv yili o")}`)).hits).toEqual(words.hits);
  });

  it('cuts a long query before the word the 200-character limit falls in', async () => {
    // 7 + 10 x 20 characters: the limit falls inside the last 'talabalar', after 'tal'.
    const long = 'talaba ' + 'talabalar '.repeat(20) + 'turar joyi';
    const cut = await open(`/search?q=${encodeURIComponent(long)}`);
    const value = (cut.doc.querySelector('main input[name="q"]') as HTMLInputElement).value;
    expect(value).toBe('talaba ' + 'talabalar '.repeat(19).trim());
    expect(cut.hits.length).toBeGreaterThan(0);
  });
});
