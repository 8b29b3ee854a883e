import { describe, expect, it } from 'vitest';
import { cyrillicCopy, cyrillicText, withCyrillic } from '../../shared/cyrillic';
import { cyrillicHtml } from '../../server/rich-text/cyrillic';

const CYRILLIC = /[\u0400-\u04ff]/;
const LATIN = /[A-Za-z]/;

describe('Cyrillic text', () => {
  it('writes Uzbek words in Cyrillic and keeps web addresses, e-mail addresses and handles in Latin', () => {
    const text = cyrillicText('Batafsil: https://ztu.uz/qabul?yil=2026, www.ztu.uz, info@ztu.uz va @ztu_uz sahifasi');
    for (const kept of ['https://ztu.uz/qabul?yil=2026', 'www.ztu.uz', 'info@ztu.uz', '@ztu_uz']) expect(text).toContain(kept);
    const rest = text.replace(/https:\S+|www\.\S+|\S+@\S+|@\w+/g, '');
    expect(rest).toMatch(CYRILLIC);
    expect(rest).not.toMatch(LATIN);
  });

  it('makes a uz-cyrl copy of content at any depth, leaving the content languages as they are', () => {
    const content = { uz: { lead: 'Talabalar', items: ['qavat', 'oʻrin'] }, ru: { lead: 'Студенты', items: [] }, en: { lead: 'Students', items: [] } };
    const all = withCyrillic(content);
    expect(all.uz).toBe(content.uz);
    expect(all.en).toBe(content.en);
    expect(all['uz-cyrl'].lead).toBe(cyrillicText('Talabalar'));
    expect(all['uz-cyrl'].items).toEqual(['qavat', 'oʻrin'].map(cyrillicText));
    expect(cyrillicCopy(5)).toBe(5);
  });
});

describe('Cyrillic rich text', () => {
  it('changes text between tags and in alt and title only: tags, other attributes, URLs and image marks stay byte for byte', () => {
    const html =
      '<p>Yangi <a href="https://ztu.uz/qabul" target="_blank" rel="noopener noreferrer" title="Qabul">qabul</a> ' +
      '<img data-rich-img="aHR0cHM.300." alt="Bino rasmi" loading="lazy" decoding="async"></p>';
    const out = cyrillicHtml(html);
    const tags = (s: string) => s.match(/<[^>]+>/g);
    const read = (tag: string) =>
      tag.replace('title="Qabul"', `title="${cyrillicText('Qabul')}"`).replace('alt="Bino rasmi"', `alt="${cyrillicText('Bino rasmi')}"`);
    expect(tags(out)).toEqual(tags(html)!.map(read));
    expect(out).toContain(`>${cyrillicText('qabul')}</a>`);
    expect(out).toContain(`<p>${cyrillicText('Yangi')} <a`);
  });

  it('keeps code, preformatted text and keyboard input as written', () => {
    const out = cyrillicHtml('<p>Buyruq: <code>npm run build</code></p><pre>git pull\nmake</pre><p><kbd>Ctrl</kbd> tugmasi</p>');
    expect(out).toContain('<code>npm run build</code>');
    expect(out).toContain('<pre>git pull\nmake</pre>');
    expect(out).toContain('<kbd>Ctrl</kbd>');
    expect(out).toContain(cyrillicText('tugmasi'));
  });

  it('keeps text marked as another language or translate="no" in Latin; lang="uz" inside turns Cyrillic back on', () => {
    const out = cyrillicHtml(
      '<p><span lang="en">Open Day <b>2026</b></span> <span translate="no">Samsung Galaxy</span> ' +
        '<q lang="uz-Latn">Oʻzbekiston</q> <span lang="en">English <span lang="uz">kitob</span></span> bugun</p>',
    );
    for (const kept of ['Open Day <b>2026</b>', 'Samsung Galaxy', 'Oʻzbekiston', 'English ']) expect(out).toContain(kept);
    expect(out).toContain(`<span lang="uz">${cyrillicText('kitob')}</span>`);
    expect(out).toContain(cyrillicText('bugun'));
  });

  it('never turns escaped text into markup', () => {
    const out = cyrillicHtml('<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; javascript:alert(2) &quot;soʻz&quot;&nbsp;bor</p>');
    expect(out).not.toMatch(/<script|<\/script/i);
    expect(out).toContain('&lt;');
    expect(out).toContain('&amp;');
    expect(out.match(/<[^>]+>/g)).toEqual(['<p>', '</p>']);
  });

  it('keeps quoted attribute values whole, even with > inside, and comments as they are', () => {
    const html = '<p title="a > b">matn</p><!-- izoh --><p>soʻz</p>';
    const out = cyrillicHtml(html);
    expect(out).toContain(`<p title="${cyrillicText('a > b')}">`);
    expect(out).toContain('<!-- izoh -->');
    expect(out).toContain(cyrillicText('matn'));
  });

  it('answers text without Latin letters unchanged', () => {
    const html = '<p>Ғалаба куни &amp; 2026</p>';
    expect(cyrillicHtml(html)).toBe(html);
  });

  it('writes the alt and title a reader sees in Cyrillic, escaped as they were, but not where the element is marked foreign', () => {
    const out = cyrillicHtml(
      '<p><img src="x" alt="Bino &amp; hovli rasmi"> <abbr title="Oliy taʼlim muassasasi">OTM</abbr> ' +
        '<span lang="en" title="Open Day"><img alt="Campus"></span> <span translate="no" title="Samsung Galaxy">x</span></p>',
    );
    expect(out).toContain('alt="Бино &amp; ҳовли расми"');
    expect(out).toContain('title="Олий таълим муассасаси"');
    expect(out).toContain('<span lang="en" title="Open Day"><img alt="Campus"></span>');
    expect(out).toContain('<span translate="no" title="Samsung Galaxy">');
    expect(out).toContain('src="x"');
  });

  it('writes the text of kbd, samp and var in Cyrillic: only code and pre are kept as written', () => {
    const out = cyrillicHtml('<p><kbd>Saqlash</kbd> tugmasi, <samp>Fayl saqlandi</samp>, <var>son</var>; <code>npm test</code></p>');
    expect(out).toBe('<p><kbd>Сақлаш</kbd> тугмаси, <samp>Файл сақланди</samp>, <var>сон</var>; <code>npm test</code></p>');
  });

  it('reads uz-Cyrl, uz-UZ and uz_UZ as Uzbek to write in Cyrillic, uz-Latn as Latin to keep', () => {
    for (const lang of ['uz', 'uz-Cyrl', 'uz-UZ', 'uz_UZ', 'uz-Cyrl-UZ', 'UZ-CYRL']) {
      expect(cyrillicHtml(`<div lang="en"><p lang="${lang}">kitob</p></div>`)).toBe(`<div lang="en"><p lang="${lang}">китоб</p></div>`);
    }
    expect(cyrillicHtml('<p lang="uz-Latn">kitob</p>')).toBe('<p lang="uz-Latn">kitob</p>');
  });
});
