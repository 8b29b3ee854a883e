import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_FADE_MS } from '../../shared/constants';

describe('the fade between pages', () => {
  it('lasts ROUTE_FADE_MS in the view transition the stylesheet declares', () => {
    const css = readFileSync(join(import.meta.dirname, '../../shared/styles/site.css'), 'utf8');
    const rule = /::view-transition-new\(root\)\s*\{[^}]*animation-duration:\s*(\d+)ms/.exec(css);
    expect(Number(rule?.[1])).toBe(ROUTE_FADE_MS);
  });
});
