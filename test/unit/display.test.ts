import { describe, expect, it } from 'vitest';
import { imagesAsText } from '../../shared/components/RichText';
import { DEFAULT_DISPLAY, displayAttributes, displayFromCookieHeader, displayVariant } from '../../shared/display';

describe('display settings', () => {
  it('reads the cookie strictly: known names and values only, in any order, one variant per meaning', () => {
    const settings = displayFromCookieHeader('x=1; a11y=motion:none|size:150|contrast:lime|colour:red; y=2');
    expect(settings).toEqual({ ...DEFAULT_DISPLAY, size: '150', motion: 'none' });
    expect(displayVariant(settings)).toBe('size:150|motion:none');
    expect(displayVariant(displayFromCookieHeader('a11y=size:100|images:on'))).toBe('');
    expect(displayFromCookieHeader(undefined)).toBe(DEFAULT_DISPLAY);
    expect(displayAttributes(settings)).toEqual({ 'data-text-size': '150', 'data-motion': 'none' });
  });
});

describe('rich text with images hidden', () => {
  it('puts each image’s text in its place, escaped as text, and drops decorative ones', () => {
    const html = '<p>a<img data-x="1" src="/i.png" alt="Rector &amp; staff <b>" loading="lazy">b<img src="/d.png" alt=""></p>';
    expect(imagesAsText(html)).toBe('<p>a<span class="img-alt">Rector &amp; staff &lt;b&gt;</span>b</p>');
  });
});
