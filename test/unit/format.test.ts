import { describe, expect, it } from 'vitest';
import { formatDate, formatPrice, formatUzDate, truncate } from '../../shared/format';
import { localePath, langFromPath, stripLang } from '../../shared/lang';

describe('dates in four renditions, in Tashkent time', () => {
  it('formats the uz-UZ long format', () => {
    expect(formatDate('2024-09-15T10:00:00+05:00', 'uz')).toBe('15-sentabr, 2024');
    // uz-Cyrl from ICU's own data, not transliterated from the Latin one, with the months spelled as the rendition's text spells them.
    expect(formatDate('2024-09-15T10:00:00+05:00', 'uz-cyrl')).toBe('15 сентябрь, 2024');
    expect(formatDate('2024-09-15T10:00:00+05:00', 'ru')).toBe('15 сентября 2024 г.');
    expect(formatDate('2024-09-15T10:00:00+05:00', 'en')).toBe('September 15, 2024');
  });

  it('uses the Tashkent day, not UTC, near midnight', () => {
    expect(formatDate('2024-09-14T20:30:00Z', 'en')).toBe('September 15, 2024');
  });

  it('gives null for non-dates and keeps raw vacancy text that is not a date', () => {
    expect(formatDate('yesterday', 'uz')).toBeNull();
    expect(formatDate(null, 'uz')).toBeNull();
    expect(formatUzDate('2026-13-45', 'ru')).toBe('2026-13-45');
    expect(formatUzDate('2026-03-01', 'en')).toBe('1-mart, 2026');
    expect(formatUzDate('2026-03-01', 'uz-cyrl')).toBe('1 март, 2026');
  });
});

describe('prices with the currency word per language', () => {
  it('groups thousands the language way', () => {
    // Uzbek and Russian group with a no-break space, so a price never wraps mid-number.
    expect(formatPrice(12_600_000, 'uz')).toBe("12\u00a0600\u00a0000 so'm");
    expect(formatPrice(12_600_000, 'uz-cyrl')).toBe('12\u00a0600\u00a0000 сўм');
    expect(formatPrice(12_600_000, 'ru')).toBe('12\u00a0600\u00a0000 сум');
    expect(formatPrice(12_600_000, 'en')).toBe('12,600,000 uzs');
  });
});

describe('truncate', () => {
  it('cuts at N characters plus an ellipsis, never inside a surrogate pair', () => {
    expect(truncate('abcdef', 3)).toBe('abc...');
    expect(truncate('abc', 3)).toBe('abc');
    expect(truncate('😀😀😀😀', 2)).toBe('😀😀...');
  });
});

describe('language prefixes', () => {
  it('maps paths both ways', () => {
    expect(langFromPath('/ru/about')).toBe('ru');
    expect(langFromPath('/EN/about')).toBe('en');
    expect(langFromPath('/UZ-Cyrl/about')).toBe('uz-cyrl');
    expect(stripLang('/uz-cyrl/news/3')).toBe('/news/3');
    expect(localePath('uz-cyrl', '/')).toBe('/uz-cyrl');
    expect(langFromPath('/about')).toBe('uz');
    expect(langFromPath('/uz/about')).toBe('uz');
    expect(stripLang('/ru/about')).toBe('/about');
    expect(stripLang('/ru')).toBe('/');
    expect(localePath('uz', '/about')).toBe('/about');
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('ru', '/news/3')).toBe('/ru/news/3');
  });
});
