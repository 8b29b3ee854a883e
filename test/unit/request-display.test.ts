import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DISPLAY_COOKIE_MENTION, displayOfRequest } from '../../server/request-display';
import { DEFAULT_DISPLAY, displayFromCookieHeader, displayVariant } from '../../shared/display';

const SPELLED = [
  'a11y=size:200',
  'A11Y=; a11y=images:off|size:200',
  'x=1;\ta11y=contrast:black',
  'A11y=contrast:yellow',
  'x=1, a11y=size:150',
  'a11y =size:125',
  'a%311y=size:200',
  '%61%31%31%79=contrast:black',
  '%41%31%31%59=x',
  'x=1; a11y=motion:none',
];

describe("a request's display settings", () => {
  it('reads the settings as the cookie says and marks every spelling of the cookie personal', () => {
    for (const cookie of SPELLED) {
      const display = displayOfRequest({ cookie });
      expect(display.personal, cookie).toBe(true);
      expect(display.settings, cookie).toEqual(displayFromCookieHeader(cookie));
      expect(display.variant, cookie).toBe(displayVariant(display.settings));
    }
    expect(displayOfRequest({ cookie: 'x=1; a11y=motion:none' }).variant).toBe('motion:none');
    expect(displayOfRequest({ cookie: 'A11Y=size:200' }).variant).toBe('');
  });

  it('shares the page of a request whose cookies say nothing of display settings', () => {
    for (const cookie of [undefined, '', 'theme=dark', 'a1y=size:200', 'all=size:200']) {
      expect(displayOfRequest({ cookie })).toEqual({ settings: DEFAULT_DISPLAY, variant: '', personal: false });
    }
  });

  it('is the pattern deploy/nginx.conf passes its page cache by (case-insensitively, on the whole Cookie header)', () => {
    const conf = readFileSync(new URL('../../deploy/nginx.conf', import.meta.url), 'utf8');
    const map = /map \$http_cookie \$display_cookie \{\s*"~\*([^"]+)" 1;/.exec(conf);
    expect(map?.[1]).toBe(DISPLAY_COOKIE_MENTION.source);
    expect(DISPLAY_COOKIE_MENTION.flags).toBe('i');
  });
});
