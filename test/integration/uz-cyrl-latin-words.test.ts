/**
 * The uz-cyrl rendition leaves no Uzbek word in Latin letters: every page of the embedded content (every
 * screen of the route table and every page the sitemap lists) is rendered by the server, and the visible
 * text of its <body> (without scripts and styles) and its alt, title, aria-label and placeholder texts
 * (what images-off mode, a tooltip or a screen reader gives) must hold no Latin-letter word but web and e-mail
 * addresses, text the page declares to be in another language (`lang="en"`: the language menu's
 * "English", an English document title), what the transliterator itself keeps in Latin (KEEP_LATIN,
 * codes such as B2 and 3D, words with letters the Uzbek alphabet has not: toCyrillic gives them back as
 * they are) and the short list below. A word that never went through the transliterator is caught. Every
 * word left is printed.
 */
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { localePath } from '../../shared/lang';
import { KEEP_LATIN, toCyrillic } from '../../shared/uz-cyrl/transliterate';
import { catalogueMade, testApp } from '../helpers/app';
import { screenPaths } from '../helpers/site-urls';

/**
 * Latin abbreviations and English words the Cyrillic text keeps as they are, beside the transliterator's
 * own KEEP_LATIN; and the search hint's Latin example, which shows that a word typed in either script
 * finds the same pages.
 */
const EXCEPTIONS = new Set(['ID', 'IT', 'PhD', 'IELTS', 'CEFR', 'B2', 'C1', 'oʻquv']);

/** Web and e-mail addresses, domain names and the site's own paths (/ru/about): Latin on purpose. */
const ADDRESS =
  /(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|@\w+|\b[\w-]+(?:\.[\w-]+)*\.(?:uz|com|org|net|ru|me|io|edu|gov|info)\b\S*|(?<![\w/])\/[\w/-]+/gi;
/**
 * Latin letters, with the digits before them (3D), the apostrophes and inner hyphens of a word ('ID' of
 * 'ID-карта' is a word of its own).
 */
const LATIN_WORD = /[0-9]*[A-Za-z](?:[A-Za-z0-9ʻʼ'‘’`]|-(?=[A-Za-z]))*/g;

/** Attributes whose text a reader sees or hears: with images off (alt), in a tooltip, from a screen reader. */
const READ_ATTRIBUTES = ['alt', 'title', 'aria-label', 'placeholder'];

/**
 * Visible text of the body and the text of its read attributes: no scripts or styles, and nothing the
 * page marks as another language.
 */
function visibleText(html: string): string {
  const { document } = new JSDOM(html).window;
  for (const hidden of document.body.querySelectorAll('script, style, template, noscript')) hidden.remove();
  for (const foreign of document.body.querySelectorAll('[lang]')) {
    if (foreign.getAttribute('lang') !== 'uz-Cyrl') foreign.remove();
  }
  // A partner's name is one backend field for every language, the partner's own (Rheinwald University of Applied Sciences).
  for (const partner of document.body.querySelectorAll('.partner')) partner.remove();
  const attributes = [...document.body.querySelectorAll(READ_ATTRIBUTES.map((name) => `[${name}]`).join(', '))].flatMap((element) =>
    READ_ATTRIBUTES.map((name) => element.getAttribute(name) ?? ''),
  );
  return [document.body.textContent ?? '', ...attributes].join(' ');
}

/** A kept name may carry Uzbek suffixes after an apostrophe (YouTubeʼdan): the name is the word. */
function latinWords(text: string): string[] {
  return (text.replace(ADDRESS, ' ').match(LATIN_WORD) ?? [])
    .map((word) => word.replace(/[ʻʼ'‘’`]+$/, ''))
    .filter((word) => !EXCEPTIONS.has(word) && !KEEP_LATIN.has(word.toLowerCase()) && toCyrillic(word) !== word);
}

let app: ReturnType<typeof testApp>;
let paths: string[];

beforeAll(async () => {
  app = testApp(null);
  await catalogueMade(app);
  const sitemap = (await request(app).get('/sitemap.xml').expect(200)).text;
  const listed = [...sitemap.matchAll(/<loc>https:\/\/ztu\.example\.uz\/uz-cyrl([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
  paths = [...new Set([...screenPaths(), ...listed])];
});

describe('the uz-cyrl rendition of the embedded content', () => {
  it('shows no Latin-letter Uzbek word on any page', { timeout: 600_000 }, async () => {
    const left = new Map<string, Set<string>>();
    for (const path of paths) {
      const url = localePath('uz-cyrl', path);
      const res = await request(app).get(url);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      for (const word of latinWords(visibleText(res.text))) left.set(word, (left.get(word) ?? new Set()).add(url));
    }
    const report = [...left].map(([word, urls]) => `${word}  (${[...urls].slice(0, 3).join(', ')}${urls.size > 3 ? ', …' : ''})`);
    if (report.length) console.log(`Latin words left on uz-cyrl pages (${report.length}):\n${report.join('\n')}`);
    expect(paths.length).toBeGreaterThan(50);
    expect(report).toEqual([]);
  });
});
