import { describe, expect, it } from 'vitest';
import { htmlToText, sanitizeHtml, sanitizerPool } from '../../server/sanitize';
import { linkUrl, mediaUrl } from '../../server/backend/parse';
import { plainRichText } from '../../server/images/rich-text';

/** Sanitised HTML with its images as their own URLs (the data cache holds them marked: server/images/rich-text.ts). */
const shown = async (dirty: string, base?: string) => plainRichText(await sanitizeHtml(dirty, base)).html;

describe('sanitising backend HTML', () => {
  it('keeps structure: headings, lists, tables, emphasis', async () => {
    const html = '<h2>T</h2><ul><li><strong>a</strong></li></ul><table><tr><td>1</td></tr></table>';
    expect(await sanitizeHtml(html)).toBe('<h2>T</h2><ul><li><strong>a</strong></li></ul><table><tbody><tr><td>1</td></tr></tbody></table>');
  });

  it('lifts headings so the highest is an h2 under the page title, keeping their order', async () => {
    expect(await sanitizeHtml('<h3 title="x">A</h3><p>p</p><h4>B</h4><h3>C</h3>')).toBe('<h2 title="x">A</h2><p>p</p><h3>B</h3><h2>C</h2>');
    expect(await sanitizeHtml('<h1>Top</h1><h2>Sub</h2>')).toBe('Top<h2>Sub</h2>');
  });

  it('drops scripts, event handlers, styles, iframes, forms and SVG tricks', async () => {
    const dirty =
      '<p onclick="x()">a<script>alert(1)</script></p><img src="https://x.org/a.png" onerror="alert(2)"><iframe src="https://evil"></iframe><form><input></form><svg><script>alert(3)</script></svg><p style="background:url(javascript:alert(4))">b</p><math><mi>x</mi></math>';
    const clean = await shown(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|form|svg|style|javascript|math/i);
    expect(clean).toContain('<img src="https://x.org/a.png"');
  });

  it('allows http(s), mailto and tel links only; external ones open safely', async () => {
    const clean = await sanitizeHtml(
      '<a href="javascript:alert(1)">x</a><a href="https://ok.uz">y</a><a href="mailto:a@b.uz">z</a><a href="data:text/html,hi">w</a>',
    );
    expect(clean).toContain('<a>x</a>');
    expect(clean).toContain('<a href="https://ok.uz" target="_blank" rel="noopener noreferrer">y</a>');
    expect(clean).toContain('<a href="mailto:a@b.uz">z</a>');
    expect(clean).toContain('<a>w</a>');
  });

  it('resolves relative images against the backend and drops non-http images', async () => {
    expect(await shown('<img src="/media/a.png">', 'https://api.ztu.uz/')).toContain('src="https://api.ztu.uz/media/a.png"');
    expect(await sanitizeHtml('<img src="javascript:alert(1)">')).not.toContain('img');
  });

  it('turns HTML into plain text for previews', async () => {
    expect(htmlToText('<p>Bir</p><p>Ikki &amp; uch</p>')).toBe('Bir Ikki & uch');
  });
});

describe('sanitising a field seen before', () => {
  it('answers from what it made last time, once per base, without the sanitiser thread', async () => {
    const dirty = '<p>Qayta <b>keldi</b> <img src="/media/a.png"></p>';
    const { stats } = sanitizerPool();
    const first = await shown(dirty, 'https://api.example.uz');
    const done = stats.done;
    expect(await shown(dirty, 'https://api.example.uz')).toBe(first);
    expect(stats.done).toBe(done);
    // Another base resolves the image elsewhere: sanitised on its own.
    expect(await shown(dirty, 'https://media.example.uz')).toContain('https://media.example.uz/media/a.png');
    expect(stats.done).toBe(done + 1);
  });
});

describe('URLs from the backend', () => {
  it('accepts http(s) and relative media, rejects everything else', async () => {
    expect(mediaUrl('https://cdn.uz/a.png', { mediaBase: '' })).toBe('https://cdn.uz/a.png');
    expect(mediaUrl('/media/a.png', { mediaBase: 'https://api.ztu.uz/' })).toBe('https://api.ztu.uz/media/a.png');
    expect(mediaUrl('/media/a.png', { mediaBase: '' })).toBe('/media/a.png');
    expect(mediaUrl('javascript:alert(1)', { mediaBase: '' })).toBeNull();
    expect(mediaUrl('data:image/png;base64,xx', { mediaBase: '' })).toBeNull();
    expect(mediaUrl(42, { mediaBase: '' })).toBeNull();
    expect(linkUrl('javascript:alert(1)')).toBeNull();
    expect(linkUrl('https://partner.uz')).toBe('https://partner.uz/');
  });
});
