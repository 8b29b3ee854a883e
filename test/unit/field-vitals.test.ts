import type { IncomingMessage } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { navigationOf } from '../../client/field-vitals';
import { NAVIGATIONS } from '../../shared/field-vitals';
import { LANGS, localePath } from '../../shared/lang';
import { PAGE_TABLE } from '../../shared/page-table';
import { readBeacon } from '../../server/field-vitals/beacon';
import { floodGate } from '../../server/field-vitals/flood';
import { clientAddress } from '../../server/field-vitals';
import { pageLabel } from '../../server/field-vitals/page-label';

describe('a beacon page label', () => {
  it('is the route pattern and rendition of every page of the table, in every rendition', () => {
    for (const lang of LANGS) {
      for (const { path } of PAGE_TABLE) {
        const url = localePath(lang, `/${path.replace(/:id/g, '17')}`);
        expect(pageLabel(url), url).toEqual({ page: `/${path}`, lang });
      }
    }
  });

  it('matches as the router does: any letter case, a trailing slash; anything else is "other"', () => {
    expect(pageLabel('/RU/News/5/')).toEqual({ page: '/news/:id', lang: 'ru' });
    expect(pageLabel('/uz-cyrl/')).toEqual({ page: '/', lang: 'uz-cyrl' });
    expect(pageLabel('/en/news/5/comments')).toEqual({ page: 'other', lang: 'en' });
    expect(pageLabel('/uz/about')).toEqual({ page: 'other', lang: 'uz' });
    expect(pageLabel('/wp-login.php')).toEqual({ page: 'other', lang: 'uz' });
  });
});

describe('reading a beacon', () => {
  const good = { path: '/ru/about', navigation: 'reload', device: 'mobile', metrics: { LCP: 2400.5, CLS: 0, INP: 16, FCP: 900, TTFB: 210 } };

  it('takes the fields the browser sends', () => {
    expect(readBeacon(JSON.stringify(good))).toEqual(good);
  });

  it.each([
    ['not JSON', '{"path":'],
    ['an array', '[]'],
    ['a missing field', JSON.stringify({ ...good, device: undefined })],
    ['a field more', JSON.stringify({ ...good, userAgent: 'x' })],
    ['a metric no browser measures', JSON.stringify({ ...good, metrics: { FID: 10 } })],
    ['no metric', JSON.stringify({ ...good, metrics: {} })],
    ['a negative time', JSON.stringify({ ...good, metrics: { LCP: -1 } })],
    ['a time over ten minutes', JSON.stringify({ ...good, metrics: { TTFB: 600_001 } })],
    ['an infinite value', '{"path":"/","navigation":"navigate","device":"mobile","metrics":{"LCP":1e999}}'],
    ['a number as text', JSON.stringify({ ...good, metrics: { CLS: '0.1' } })],
    ['a CLS above 10', JSON.stringify({ ...good, metrics: { CLS: 11 } })],
    ["web-vitals' own navigation name", JSON.stringify({ ...good, navigation: 'back-forward-cache' })],
    ['a device not known', JSON.stringify({ ...good, device: 'tablet' })],
    ['a full URL for a path', JSON.stringify({ ...good, path: 'https://ztu.uz/ru/about' })],
    ['a path too long', JSON.stringify({ ...good, path: '/' + 'a'.repeat(256) })],
  ])('refuses %s', (_what, body) => {
    expect(readBeacon(body)).toHaveProperty('error');
  });
});

describe("the browser's navigation kinds", () => {
  it('fold into the four the server counts', () => {
    const folded = {
      navigate: 'navigate',
      reload: 'reload',
      'back-forward': 'back-forward',
      'back-forward-cache': 'back-forward',
      prerender: 'prerender',
      restore: 'reload',
    } as const;
    for (const [given, counted] of Object.entries(folded)) expect(navigationOf(given as keyof typeof folded)).toBe(counted);
    expect(new Set(Object.values(folded))).toEqual(new Set(NAVIGATIONS));
  });
});

describe('the flood gate', () => {
  const limits = { client: { perSecond: 1, burst: 3 }, total: { perSecond: 10, burst: 5 }, clients: 100 };

  it('admits a burst per client, then one a second', () => {
    let now = 0;
    const gate = floodGate(limits, () => now);
    expect([1, 2, 3, 4].map(() => gate.admit('10.0.0.1'))).toEqual([true, true, true, false]);
    now += 999;
    expect(gate.admit('10.0.0.1')).toBe(false);
    now += 1;
    expect(gate.admit('10.0.0.1')).toBe(true);
  });

  it('bounds every client together, however many addresses send', () => {
    let now = 0;
    const gate = floodGate(limits, () => now);
    const admitted = Array.from({ length: 8 }, (_, i) => gate.admit(`10.0.1.${i}`));
    expect(admitted).toEqual([true, true, true, true, true, false, false, false]);
    now += 100;
    expect(gate.admit('10.0.2.1')).toBe(true);
    expect(gate.admit('10.0.2.2')).toBe(false);
  });

  it('forgets the least recently seen client past its bound, and starts it afresh', () => {
    const gate = floodGate({ ...limits, total: { perSecond: 1000, burst: 1000 }, clients: 2 }, () => 0);
    for (let i = 0; i < 3; i++) gate.admit('10.0.0.1');
    expect(gate.admit('10.0.0.1')).toBe(false);
    gate.admit('10.0.0.2');
    gate.admit('10.0.0.3');
    expect(gate.admit('10.0.0.1')).toBe(true);
  });
});

describe("a beacon's client address", () => {
  const trusted = express().set('trust proxy', 'loopback, linklocal, uniquelocal').get('trust proxy fn') as (address: string, hop: number) => boolean;
  const from = (socket: string, forwarded?: string) =>
    clientAddress({ socket: { remoteAddress: socket }, headers: forwarded ? { 'x-forwarded-for': forwarded } : {} } as unknown as IncomingMessage, trusted);

  it('is read as Express reads req.ip: through the proxies it trusts, no further', () => {
    expect(from('127.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    expect(from('127.0.0.1', '198.51.100.1, 203.0.113.5, 10.0.0.2')).toBe('203.0.113.5');
    expect(from('::ffff:127.0.0.1', '203.0.113.5')).toBe('203.0.113.5');
    // A client that is no proxy cannot name another address.
    expect(from('203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(from('127.0.0.1')).toBe('127.0.0.1');
    expect(from('127.0.0.1', '10.0.0.3, 10.0.0.2')).toBe('10.0.0.3');
  });
});
