/** Reading the image endpoint's URLs in pages (server/images/urls.ts has their shape). */

/** The source an `/_img/…` URL names; any other URL as it is (the site's own SVG art is not rewritten). */
export function imageSource(url: string | null | undefined): string {
  const match = /^(?:https?:\/\/[^/]+)?\/_img\/[\w-]+\/\w+\/[\w-]+\/([\w-]+)$/.exec(url ?? '');
  return match ? Buffer.from(match[1]!, 'base64url').toString() : (url ?? '');
}
