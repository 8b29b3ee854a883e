/** Reading the image endpoint's URLs in pages (server/images/urls.ts has their shape), and its answers. */
import { readFileSync } from 'node:fs';
import request from 'supertest';
import { expect } from 'vitest';

type App = Parameters<typeof request>[0];

/** The source an `/_img/…` URL names; any other URL as it is (the site's own SVG art is not rewritten). */
export function imageSource(url: string | null | undefined): string {
  const match = /^(?:https?:\/\/[^/]+)?\/_img\/[\w-]+\/\w+\/[\w-]+\/([\w-]+)$/.exec(url ?? '');
  return match ? Buffer.from(match[1]!, 'base64url').toString() : (url ?? '');
}

/** GET `url` from `site` with `accept`, the answer's body as bytes whatever its type. */
export function getBytes(site: App, url: string, accept: string) {
  return request(site)
    .get(url)
    .set('accept', accept)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** What stands in for a source that failed: the site's own files, as they are (server/images/variants.ts `fallback`). */
const DEFAULT_FILES = {
  image: { contentType: 'image/svg+xml', bytes: readFileSync(new URL('../../public/media/default/news.svg', import.meta.url)) },
  share: { contentType: 'image/png', bytes: readFileSync(new URL('../../public/media/default/share.png', import.meta.url)) },
};

/** The answer is the default image (`share`: the share picture a share crop falls back to), for a minute, saying why. */
export function expectDefaultImage(
  res: { headers: Record<string, string | undefined>; body: unknown },
  reason: string,
  which: keyof typeof DEFAULT_FILES = 'image',
): void {
  expect(res.headers['x-image-fallback']).toBe(reason);
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  expect(res.headers['content-type']).toBe(DEFAULT_FILES[which].contentType);
  expect(Buffer.compare(res.body as Buffer, DEFAULT_FILES[which].bytes)).toBe(0);
}

/**
 * A 7000x7000 SVG whose every shape has a turbulence filter of a thousand octaves and a wide blur:
 * minutes of libvips work at the larger widths.
 */
export function hostileSvg(): Buffer {
  const shapes = Array.from(
    { length: 2000 },
    (_, i) =>
      `<rect x="${(i * 37) % 7000}" y="${(i * 91) % 7000}" width="900" height="900" fill="#${((i * 123_457) % 0xffffff).toString(16).padStart(6, '0')}" filter="url(#f)"/>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="7000" height="7000"><defs><filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="1000"/><feGaussianBlur stdDeviation="500"/></filter></defs>${shapes}</svg>`,
  );
}
