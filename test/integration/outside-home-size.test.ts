/**
 * The home page at its largest: every list it shows at its list bound (server/backend/fields.ts
 * LIST_BOUNDS), every field at its field bound, made of the characters that cost a page most bytes.
 * docs/content.md ("What a page can weigh") states the bound this holds the home page to.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { FIELD_BOUNDS, LIST_BOUNDS } from '../../server/backend/fields';
import { testApp } from '../helpers/app';
import { startFakeBackend } from '../helpers/fake-backend';
import { newsItem } from '../helpers/fixtures';

const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/**
 * docs/content.md's bound for the home page, before compression: 4.16-4.17 MiB measured in each language,
 * four fifths of it the URLs of its 575 images (each source URL at its 1,024 characters, in base64, in
 * five variants, written twice).
 */
const HOME_PAGE_MAX_BYTES = 4.5 * 1024 * 1024;
const STUDENT_LIFE = '/api/talabalar-hayoti/';

/** Characters that cost the most bytes in a page: escaped in HTML and in JSON, or three bytes of UTF-8. */
const costly = (length: number) => 'ab ' + '"<&€'.repeat(Math.ceil(length / 4)).slice(0, length - 3);
/** An image URL at its bound (a longer one is no image, which costs less), one per record so none is shared. */
const image = (n: number) => `https://cdn.example.org/${n}/${'i'.repeat(FIELD_BOUNDS.imageUrl - 34)}.jpg`.slice(0, FIELD_BOUNDS.imageUrl);
const link = (n: number) => `https://partner.example.org/${n}/${'l'.repeat(FIELD_BOUNDS.linkUrl)}`.slice(0, FIELD_BOUNDS.linkUrl);
const titled = (chars: number) => Object.fromEntries(['uz', 'ru', 'en'].map((lang) => [`title_${lang}`, costly(chars)]));

describe('the home page at its largest', () => {
  it('stays under the bound docs/content.md states for it, in every language', async () => {
    const backend = await startFakeBackend({
      '/news/yangiliklar/': {
        json: {
          count: 50,
          next: null,
          previous: null,
          results: Array.from({ length: LIST_BOUNDS.newsPage }, (_, i) => ({ ...newsItem(i + 1), image: image(i), ...titled(FIELD_BOUNDS.title * 5) })),
        },
      },
      '/api/homecontent/': { json: Array.from({ length: LIST_BOUNDS.homeSlides }, (_, i) => ({ id: i + 1, image: image(1000 + i) })) },
      '/api/hamkorlar/': {
        json: Array.from({ length: LIST_BOUNDS.partners }, (_, i) => ({
          id: i + 1,
          name: costly(FIELD_BOUNDS.name * 5),
          image: image(2000 + i),
          url_link: link(i),
        })),
      },
      [STUDENT_LIFE]: {
        json: [
          {
            ...titled(FIELD_BOUNDS.title * 5),
            link: link(9999),
            contenttable: Array.from({ length: LIST_BOUNDS.galleryImages }, (_, i) => ({
              id: i + 1,
              image: image(3000 + i),
              ...titled(FIELD_BOUNDS.title * 5),
            })),
          },
        ],
      },
    });
    try {
      const app = testApp(backend.url, { STUDENT_LIFE_PATH: STUDENT_LIFE });
      const sizes: Record<string, number> = {};
      for (const path of ['/', '/uz-cyrl', '/ru', '/en']) {
        const res = await request(app).get(path).set('user-agent', CRAWLER).set('accept-encoding', 'identity').expect(200);
        sizes[path] = Buffer.byteLength(res.text);
      }
      for (const [path, bytes] of Object.entries(sizes)) expect({ path, underBound: bytes <= HOME_PAGE_MAX_BYTES }).toEqual({ path, underBound: true });
    } finally {
      await backend.close();
    }
  }, 120_000);
});
