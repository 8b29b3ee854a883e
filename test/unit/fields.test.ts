/**
 * How a backend field past its bound reads on a page (server/backend/fields.ts), that docs/content.md
 * states the bounds the code has, and how much of a visitor's URL a page is rendered from
 * (shared/page-query.ts).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { boundedText, cutAtWord, FIELD_BOUNDS, LIST_BOUNDS, shortText } from '../../server/backend/fields';
import { createParsers } from '../../server/backend/parse';
import { ANSWER_RICH_TEXT_MAX_CHARS } from '../../server/backend/rich-text-budget';
import { RICH_TEXT_LIMITS } from '../../server/rich-text/limits';
import { PAGE_PATH_MAX_CHARS, pageUrl } from '../../shared/page-query';

describe('a text field past its bound', () => {
  it('is cut at the last word that fits, with an ellipsis, within the bound', () => {
    const title = 'Universitetda xalqaro ilmiy-amaliy konferensiya boʻlib oʻtdi. '.repeat(10);
    const cut = boundedText(title, FIELD_BOUNDS.title);
    expect(cut.length).toBeLessThanOrEqual(FIELD_BOUNDS.title);
    expect(cut.endsWith('…')).toBe(true);
    // Whole words only, and no space or punctuation left before the ellipsis.
    expect(title.startsWith(cut.slice(0, -1))).toBe(true);
    expect(title[cut.length - 1]).toMatch(/[\s.]/);
    expect(cut).toMatch(/[^\s.,]…$/);
  });

  it('is cut inside a word that has no end within the bound, never in half a character', () => {
    const cut = cutAtWord('😀'.repeat(1000), 300);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut).toBe(`${'😀'.repeat(149)}…`);
  });

  it('keeps a text that fits as it came, less control characters and the spaces around it', () => {
    expect(boundedText('  Yangi\u0000 oʻquv yili \n', FIELD_BOUNDS.title)).toBe('Yangi oʻquv yili');
    expect(boundedText('x'.repeat(FIELD_BOUNDS.title), FIELD_BOUNDS.title)).toBe('x'.repeat(FIELD_BOUNDS.title));
  });

  it('reads only the start of an 8 MB value, and still marks it cut', () => {
    const huge = 'a '.repeat(4 * 1024 * 1024);
    const cut = boundedText(huge, FIELD_BOUNDS.name);
    expect(cut.length).toBeLessThanOrEqual(FIELD_BOUNDS.name);
    expect(cut.endsWith('a…')).toBe(true);
    // Control characters all the way through the part read: nothing to show, rather than a part.
    expect(boundedText('\u0001'.repeat(8 * 1024 * 1024) + 'tail', FIELD_BOUNDS.name)).toBe('');
  });

  it('leaves no short value where a part of one would be wrong', () => {
    expect(shortText('+998 66 233-00-00')).toBe('+998 66 233-00-00');
    expect(shortText(`${'a'.repeat(300)}@example.org`)).toBe('');
  });
});

describe('a backend answer with oversized fields, as pages get it', () => {
  const parse = createParsers({ mediaBase: 'https://api.example.uz' });

  it('keeps the first records of an overlong list and bounds each field', async () => {
    const people = Array.from({ length: 500 }, (_, i) => ({
      id: i + 1,
      name_uz: `Ism ${i} `.repeat(1000),
      lavozim_uz: 'Dotsent',
      cantact: '9'.repeat(1000),
      email: 'x@example.org',
      image: `/media/${'p'.repeat(2000)}.jpg`,
    }));
    const rectorate = await parse.rectorate(people);
    expect(rectorate).toHaveLength(50);
    expect(rectorate[0]!.name.uz.length).toBeLessThanOrEqual(FIELD_BOUNDS.name);
    expect(rectorate[0]!.name['uz-cyrl'].length).toBeLessThanOrEqual(FIELD_BOUNDS.name);
    expect(rectorate[0]!.phone).toBe('');
    expect(rectorate[0]!.email).toBe('x@example.org');
    expect(rectorate[0]!.image).toBeNull();
  });

  it("shows rich text only up to the answer's budget, in the answer's order", async () => {
    const entries = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, title_uz: `Bo'lim ${i}`, desc_uz: `${i} `.repeat(100 * 1024) }));
    const about = await parse.about(entries);
    // Five of 200 Ki characters fit in 1 Mi; the rest show the notice, whichever the sanitiser answered first.
    expect(about.map((entry) => entry.desc.uz.startsWith(`${entry.id - 1} `))).toEqual([true, true, true, true, true, false, false, false, false, false]);
    expect(about[9]!.desc.uz).toContain('Bu matnni koʻrsatib boʻlmaydi');
    expect(about[9]!.desc['uz-cyrl']).not.toContain(`9 9 9`);
  });

  it('shows as text a field that sanitising makes longer than a field may show', async () => {
    // 100,000 ampersands are 100 KB of HTML, within what is read, and 500 KB once written as &amp;.
    const item = await parse.newsItem({ id: 1, title_en: 'Title', desc_en: `<p>${'&'.repeat(100_000)}</p>` });
    expect(item.desc.en.length).toBeLessThan(RICH_TEXT_LIMITS.maxShownChars);
    expect(item.desc.en.startsWith('<p>&amp;&amp;')).toBe(true);
  });

  it('reads a date that is not one as no date, however long', async () => {
    const item = await parse.newsItem({ id: 1, title_uz: 'Sarlavha', created_at: `2024-09-15 (${'x'.repeat(100_000)})` });
    expect(item.createdAt).toBeNull();
  });
});

describe('docs/content.md', () => {
  it('states the bound of every kind of field as the parsers enforce it', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../docs/content.md', import.meta.url)), 'utf8');
    const row = (kind: string) => doc.split('\n').find((line) => line.startsWith(`| ${kind} |`)) ?? `no row for ${kind}`;
    const n = (value: number) => value.toLocaleString('en-US');
    expect(row('title')).toContain(`| ${n(FIELD_BOUNDS.title)} |`);
    expect(row('name')).toContain(`| ${n(FIELD_BOUNDS.name)} |`);
    expect(row('text')).toContain(`| ${n(FIELD_BOUNDS.text)} |`);
    expect(row('image URL')).toContain(`| ${n(FIELD_BOUNDS.imageUrl)},`);
    expect(row('link URL')).toContain(`| ${n(FIELD_BOUNDS.linkUrl)},`);
    expect(row('short')).toContain(`| ${n(FIELD_BOUNDS.short)} `);
    expect(row('date')).toContain(`| ${n(FIELD_BOUNDS.date)} |`);
    expect(row('number')).toContain(`${n(FIELD_BOUNDS.number)} characters`);
    expect(row('rich text')).toContain(`${RICH_TEXT_LIMITS.maxChars / 1024} KiB of HTML`);
    expect(row('rich text')).toContain(`${RICH_TEXT_LIMITS.maxShownChars / 1024} Ki characters shown`);
    expect(row('rich text')).toContain(`${ANSWER_RICH_TEXT_MAX_CHARS / 1024 / 1024} Mi characters shown by one answer`);
    expect(row('a page of news (the backend pages by 10)')).toContain(`| ${LIST_BOUNDS.newsPage} |`);
    expect(row('articles')).toContain(`| ${LIST_BOUNDS.articles} |`);
    expect(row("a faculty's staff")).toContain(`| ${LIST_BOUNDS.facultyStaff} |`);
  });
});

describe('the URL a page is rendered from', () => {
  it('cuts a long path before it is routed, never inside a percent-escape', () => {
    const path = `/ru/${'%D0%B0'.repeat(200)}`;
    const cut = pageUrl(path);
    expect(cut.length).toBeLessThanOrEqual(PAGE_PATH_MAX_CHARS + 9);
    expect(cut.endsWith('%E2%80%A6')).toBe(true);
    expect(() => decodeURIComponent(cut)).not.toThrow();
  });

  it('keeps the query pages read, cut to 200 characters before a word', () => {
    expect(pageUrl(`/search?utm_source=x&q=${'talaba '.repeat(100)}`)).toBe(`/search?q=${encodeURIComponent('talaba '.repeat(28).trim())}`);
    expect(pageUrl(`/Vacancies?department=${'d'.repeat(5000)}`)).toBe(`/Vacancies?department=${'d'.repeat(200)}`);
  });
});
