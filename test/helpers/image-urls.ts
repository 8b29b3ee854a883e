/** Reading the image endpoint's URLs in pages (server/images/urls.ts has their shape), and its answers. */
import request from 'supertest';

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
