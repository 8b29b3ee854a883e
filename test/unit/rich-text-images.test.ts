/**
 * Images inside rich text: how the sanitiser thread marks them (server/rich-text/sanitize-worker.mjs)
 * and how the way out turns the marks into image endpoint URLs (server/images/rich-text.ts), against
 * the real sanitiser, signer, URLs and versions, with sources that are never fetched.
 */
import { JSDOM } from 'jsdom';
import { afterAll, describe, expect, it } from 'vitest';
import { PLACES } from '../../shared/pictures';
import { createParsers } from '../../server/backend/parse';
import { IMAGE_MARK_START, plainRichText, replaceMarks, RichTextImages } from '../../server/images/rich-text';
import { Signer } from '../../server/images/signing';
import type { Sources } from '../../server/images/sources';
import { ImageUrls } from '../../server/images/urls';
import { Versions } from '../../server/images/versions';
import { htmlToText, sanitizeHtml, sanitizerPool } from '../../server/sanitize';
import { imageSource } from '../helpers/image-urls';

const BACKEND = 'https://api.example.uz';

afterAll(() => sanitizerPool().close());
const ALLOWED = new Set([BACKEND]);

function rewriter() {
  const sources = { fetch: () => Promise.resolve({ kind: 'unchanged' }) } as unknown as Sources;
  const versions = new Versions({ sources, now: () => 0, checkEveryMs: 60_000, maxEntries: 100, onChange: () => {}, onLearn: () => {} });
  const urls = new ImageUrls(new Signer('k'.repeat(32)), versions);
  const allowed = (source: string) => (source.startsWith('/') && !source.startsWith('//') ? source.startsWith('/media/') : ALLOWED.has(new URL(source).origin));
  const images = new RichTextImages({ urls, versions, allowed, place: PLACES.richText });
  const learn = (source: string, width: number, height: number) =>
    versions.learn(source, { version: `v${width}x${height}`.padEnd(16, '0'), width, height, vector: false, validators: {} });
  return { images, learn };
}

/** Every <img> of `html` as the browser would read it. */
function imgs(html: string): HTMLImageElement[] {
  return [...new JSDOM(`<div>${html}</div>`).window.document.querySelectorAll('img')];
}

const descriptors = (img: HTMLImageElement) =>
  img
    .getAttribute('srcset')!
    .split(', ')
    .map((entry) => entry.split(' ')[1]);

describe('the sanitiser’s marks', () => {
  it('mark every kept image first, without src, width or height, and keep alt, title and lang', async () => {
    const clean = await sanitizeHtml('<p>a</p><img src="/media/a.jpg" width="300" height="50%" alt="A" title="T" lang="ru" onerror="x()">', BACKEND);
    const mark = `${IMAGE_MARK_START}${Buffer.from(`${BACKEND}/media/a.jpg`).toString('base64url')}.300."`;
    expect(clean).toBe(`<p>a</p>${mark} alt="A" title="T" lang="ru" loading="lazy" decoding="async">`);
    expect(plainRichText(clean).html).toBe(
      `<p>a</p><img src="${BACKEND}/media/a.jpg" width="300" alt="A" title="T" lang="ru" loading="lazy" decoding="async">`,
    );
  });

  it('strip a mark the backend sends, on images and elsewhere, and leave one written as text alone', async () => {
    const forged = Buffer.from('https://evil.example/x.jpg').toString('base64url');
    const clean = await sanitizeHtml(
      `<img data-rich-img="${forged}.1.1" src="/media/a.jpg"><p data-rich-img="${forged}..">x</p><p>&lt;img data-rich-img="${forged}.1.1"</p><pre><img data-rich-img="${forged}.." src=""></pre><!--<img data-rich-img="${forged}.1.1">-->`,
      BACKEND,
    );
    expect(clean.split(IMAGE_MARK_START)).toHaveLength(2);
    const shown = plainRichText(clean).html;
    expect(imgs(shown).map((img) => img.getAttribute('src'))).toEqual([`${BACKEND}/media/a.jpg`]);
    expect(shown).not.toContain(`src="https://evil.example`);
    expect(shown).toContain(`<p>&lt;img data-rich-img="${forged}.1.1"</p>`);
  });

  it('keep quotes, > and markup inside alt and title as text: one image, no script', async () => {
    const clean = await sanitizeHtml(`<img src="/media/a.jpg" alt='x"><b>y</b> &quot;' title='"> <img data-rich-img="QQ.1.1"'><p>after</p>`, BACKEND);
    const { images } = rewriter();
    for (const html of [plainRichText(clean).html, images.rewrite(clean).html]) {
      const found = imgs(html);
      expect(found).toHaveLength(1);
      expect(found[0]!.getAttribute('alt')).toBe('x"><b>y</b> "');
      expect(found[0]!.getAttribute('title')).toBe('"> <img data-rich-img="QQ.1.1"');
      expect(new JSDOM(html).window.document.querySelectorAll('b, script')).toHaveLength(0);
    }
    // DOMPurify drops an attribute that closes a raw-text element; the image keeps an empty alt.
    const scripted = await sanitizeHtml(`<img src="/media/a.jpg" alt='"><script>alert(1)</script>'>`, BACKEND);
    expect(imgs(plainRichText(scripted).html)[0]!.getAttribute('alt')).toBe('');
  });

  it('drop javascript: and data: images before any mark', async () => {
    expect(await sanitizeHtml('<p>a</p><img src="javascript:alert(1)"><img src="java&#10;script:alert(2)"><img src="data:image/png;base64,AA">', BACKEND)).toBe(
      '<p>a</p>',
    );
  });

  it('do not change the text of the field', async () => {
    const dirty = '<p>Bir <img src="/media/a.jpg" alt="rasm"> ikki</p><figure><img src="https://x.example/b.png"><figcaption>Izoh</figcaption></figure>';
    const clean = await sanitizeHtml(dirty, BACKEND);
    expect(htmlToText(clean)).toBe('Bir ikki Izoh');
    expect(htmlToText(rewriter().images.rewrite(clean).html)).toBe(htmlToText(clean));
    const item = await createParsers({ mediaBase: BACKEND }).newsItem({ id: 1, desc_uz: dirty });
    expect(item.text.uz).toBe('Bir ikki Izoh');
  });
});

describe('rich text through the image endpoint', () => {
  const photo = `${BACKEND}/media/photo.jpg`;

  it('gives an allowed source a mid-size src, a srcset of the place’s widths and the column’s sizes; provisional until seen', async () => {
    const { images, learn } = rewriter();
    const clean = await sanitizeHtml('<p>a</p><img src="/media/photo.jpg" alt="P">', BACKEND);
    const first = images.rewrite(clean);
    expect(first.provisional).toBe(true);
    const img = imgs(first.html)[0]!;
    expect(img.getAttribute('src')).toMatch(/^\/_img\/[\w-]{16}\/960\/_\/[\w-]+$/);
    expect(imageSource(img.getAttribute('src'))).toBe(photo);
    expect(descriptors(img)).toEqual(['320w', '480w', '640w', '960w', '1280w', '1920w']);
    expect(img.getAttribute('sizes')).toBe(PLACES.richText.sizes);
    expect([img.getAttribute('width'), img.getAttribute('height'), img.getAttribute('alt'), img.getAttribute('loading')]).toEqual([null, null, 'P', 'lazy']);

    learn(photo, 4000, 3000);
    const known = images.rewrite(clean);
    expect(known.provisional).toBe(false);
    const seen = imgs(known.html)[0]!;
    expect(seen.getAttribute('src')).toMatch(/^\/_img\/[\w-]{16}\/960\/v4000x3000000000\//);
    expect([seen.getAttribute('width'), seen.getAttribute('height')]).toEqual(['4000', '3000']);
  });

  it('stops the srcset at a small source’s own width, and takes src from it', async () => {
    const { images, learn } = rewriter();
    learn(photo, 700, 350);
    const img = imgs(images.rewrite(await sanitizeHtml('<img src="/media/photo.jpg">', BACKEND)).html)[0]!;
    expect(descriptors(img)).toEqual(['320w', '480w', '640w', '700w']);
    expect(img.getAttribute('src')).toMatch(/\/960\/v700x350/);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['700', '350']);
  });

  it('keeps an editor’s width as the drawn width, with the source’s own ratio', async () => {
    const { images, learn } = rewriter();
    const clean = await sanitizeHtml('<img src="/media/photo.jpg" width="300" height="300">', BACKEND);
    const before = imgs(images.rewrite(clean).html)[0]!;
    expect([before.getAttribute('width'), before.getAttribute('height')]).toEqual(['300', '300']);
    expect(before.getAttribute('sizes')).toBe('(max-width: 332px) calc(100vw - 32px), 300px');
    learn(photo, 4000, 3000);
    const after = imgs(images.rewrite(clean).html)[0]!;
    expect([after.getAttribute('width'), after.getAttribute('height')]).toEqual(['300', '225']);
    const wide = imgs(images.rewrite(await sanitizeHtml('<img src="/media/photo.jpg" width="1000">', BACKEND)).html)[0]!;
    expect(wide.getAttribute('sizes')).toBe(PLACES.richText.sizes);
  });

  it('leaves other origins and the site’s own SVG art as they are; the site’s own raster media go through', async () => {
    const { images } = rewriter();
    const clean = await sanitizeHtml(
      '<img src="https://elsewhere.example/x.jpg" width="20"><img src="http://elsewhere.example/y.jpg"><img src="/media/default/news.svg"><img src="/media/photos/a.jpg">',
    );
    const found = imgs(images.rewrite(clean).html);
    expect(found.map((img) => img.getAttribute('src')?.replace(/^\/_img\/.*/, '/_img/…'))).toEqual([
      'https://elsewhere.example/x.jpg',
      'http://elsewhere.example/y.jpg',
      '/media/default/news.svg',
      '/_img/…',
    ]);
    expect(found.map((img) => img.hasAttribute('srcset'))).toEqual([false, false, false, true]);
    expect(found[0]!.getAttribute('width')).toBe('20');
    expect(imageSource(found[3]!.getAttribute('src'))).toBe('/media/photos/a.jpg');
    // Only endpoint images can be provisional.
    expect(images.rewrite(await sanitizeHtml('<img src="https://elsewhere.example/x.jpg">')).provisional).toBe(false);
  });

  it('escapes the source it writes back', () => {
    const source = 'https://elsewhere.example/a"b<c>&d.jpg';
    const html = `${IMAGE_MARK_START}${Buffer.from(source).toString('base64url')}.." alt="">`;
    expect(plainRichText(html).html).toBe('<img src="https://elsewhere.example/a&quot;b&lt;c&gt;&amp;d.jpg" alt="">');
    expect(imgs(plainRichText(html).html)[0]!.getAttribute('src')).toBe(source);
  });

  it('redoes nothing for HTML it has seen while its sources keep their versions; bounded', async () => {
    const { images, learn } = rewriter();
    const clean = await sanitizeHtml('<img src="/media/photo.jpg"><img src="https://elsewhere.example/x.jpg">', BACKEND);
    const first = images.rewrite(clean);
    expect(images.rewrite(clean)).toBe(first);
    expect(images.stats).toEqual({ hits: 1, misses: 1 });
    learn(photo, 4000, 3000);
    const second = images.rewrite(clean);
    expect(second).not.toBe(first);
    expect(images.rewrite(clean)).toBe(second);
    expect(images.stats).toEqual({ hits: 2, misses: 2 });
    // Text without images is not kept at all.
    expect(images.rewrite('<p>plain</p>')).toEqual({ html: '<p>plain</p>', provisional: false });
    expect(images.size).toBe(1);
    const mark = `${IMAGE_MARK_START}${Buffer.from(photo).toString('base64url')}.."`;
    for (let i = 0; i < 1500; i++) images.rewrite(`<p>${i}</p>${mark}>`);
    expect(images.size).toBe(1000);
  });

  it('finds marks only in the form the sanitiser writes', () => {
    const seen: string[] = [];
    const collect = (html: string) => replaceMarks(html, ({ source }) => (seen.push(source), 'src="x"'));
    const good = Buffer.from('/media/a.jpg').toString('base64url');
    expect(collect(`<IMG data-rich-img="${good}.."><img  data-rich-img="${good}.."><img alt="" data-rich-img="${good}..">`)).not.toContain('src="x"');
    expect(collect(`<img data-rich-img="${good}.1.2" alt="">`)).toBe('<img src="x" alt="">');
    expect(seen).toEqual(['/media/a.jpg']);
  });
});
