/**
 * Backend answers for the discovery tests (search, sitemap, feeds, link previews): every endpoint of
 * the other groups' fixtures, with a news list of 26 items across three pages whose newest ones carry
 * the words the search cases look for — Latin Uzbek with a ‘ letter mark, Cyrillic Uzbek, Russian and
 * English — and one with a hostile title (markup, an ampersand, characters XML forbids).
 */
import type { Answer } from './fake-backend';
import { newsItem } from './fixtures';
import { aboutRoutes } from './fixtures-about';
import { studyRoutes } from './fixtures-study';

export const HOSTILE_NEWS_TITLE = '</script><script>alert(1)</script> & Co ]]> \uFFFF\uD800 <b>x</b>';

export const SPECIAL_NEWS = [
  newsItem(201, {
    title_uz: 'Yangi o‘quv binosi ochildi',
    title_ru: 'Открыт новый учебный корпус',
    title_en: 'New teaching building opens',
    desc_uz: '<p>Zamonaviy auditoriyalar va laboratoriyalar talabalar uchun tayyor.</p>',
    created_at: '2026-10-25T09:00:00+05:00',
  }),
  newsItem(202, {
    title_uz: 'Ғалаба куни шаҳар майдонида нишонланди',
    title_ru: 'День Победы отметили на городской площади',
    title_en: 'Victory Day celebrated on the city square',
    created_at: '2026-10-24T09:00:00+05:00',
  }),
  newsItem(203, {
    title_uz: 'Qabul komissiyasi ish boshladi',
    title_ru: 'Приёмная комиссия начала работу',
    title_en: 'Admission committee starts work',
    desc_en: '<p>Admissions for the new academic year are open until July.</p>',
    created_at: '2026-10-23T09:00:00+05:00',
  }),
  newsItem(204, {
    title_uz: HOSTILE_NEWS_TITLE,
    title_ru: HOSTILE_NEWS_TITLE,
    title_en: HOSTILE_NEWS_TITLE,
    desc_uz: '<p>Matn & <script>alert(2)</script> davomi</p>',
    created_at: '2026-10-22T09:00:00+05:00',
  }),
];

/** All news, newest first: the four above, then 22 ordinary ones. */
export const ALL_NEWS = [...SPECIAL_NEWS, ...Array.from({ length: 22 }, (_, i) => newsItem(22 - i))];

function pagedNews(all: Array<{ id: number }>, size = 10): Record<string, Answer> {
  const pages = Math.ceil(all.length / size);
  const routes: Record<string, Answer> = {};
  for (let page = 1; page <= pages; page++) {
    routes[page === 1 ? '/news/yangiliklar/' : `/news/yangiliklar/?page=${page}`] = {
      json: {
        count: all.length,
        next: page < pages ? `/news/yangiliklar/?page=${page + 1}` : null,
        previous: null,
        results: all.slice((page - 1) * size, page * size),
      },
    };
  }
  for (const item of all) routes[`/news/yangiliklar/${item.id}/`] = { json: item };
  return routes;
}

export function discoveryRoutes(): Record<string, Answer> {
  // The study fixtures' three pages of news are replaced by ours (also three pages).
  return { ...studyRoutes(), ...aboutRoutes(), ...pagedNews(ALL_NEWS) };
}
