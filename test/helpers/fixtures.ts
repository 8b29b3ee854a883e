/**
 * Backend responses for integration tests: small, trilingual, with a unique needle per language so a
 * test can tell which language a page rendered, plus hostile variants.
 */
import type { Answer } from './fake-backend';

export const HOSTILE_TITLE = '</script><script>alert(1)</script>';

export function newsItem(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    image: `/media/news/n${id}.jpg`,
    title_uz: `Yangilik ${id} uz-needle`,
    title_ru: `Новость ${id} ru-needle`,
    title_en: `News ${id} en-needle`,
    desc_uz: `<p>Matn ${id} uz-body</p>`,
    desc_ru: `<p>Текст ${id} ru-body</p>`,
    desc_en: `<p>Text ${id} en-body</p>`,
    created_at: `2026-0${(id % 9) + 1}-15T10:00:00+05:00`,
    views: id * 10,
    ...overrides,
  };
}

/** DRF-style pages of `total` news, `size` per page, newest (highest id) first. */
export function newsPages(total: number, size = 10): Record<string, Answer> {
  const all = Array.from({ length: total }, (_, i) => newsItem(total - i));
  const pages = Math.ceil(total / size);
  const routes: Record<string, Answer> = {};
  for (let page = 1; page <= pages; page++) {
    const path = page === 1 ? '/news/yangiliklar/' : `/news/yangiliklar/?page=${page}`;
    routes[path] = {
      json: {
        count: total,
        next: page < pages ? `/news/yangiliklar/?page=${page + 1}` : null,
        previous: page > 1 ? `/news/yangiliklar/?page=${page - 1}` : null,
        results: all.slice((page - 1) * size, page * size),
      },
    };
  }
  for (const item of all) routes[`/news/yangiliklar/${item.id}/`] = { json: item };
  return routes;
}

export const about = [
  {
    id: 1,
    title_uz: 'Tarix uz-about',
    title_ru: 'История ru-about',
    title_en: 'History en-about',
    desc_uz: '<p>uz tarix</p>',
    desc_ru: '<p>ru история</p>',
    desc_en: '<p>en history</p>',
  },
];

export const rectorate = [
  {
    id: 1,
    image: 'https://cdn.example.org/rector.png',
    name_uz: 'Rektor uz-rector',
    name_ru: 'Ректор ru-rector',
    name_en: 'Rector en-rector',
    lavozim_uz: 'Rektor',
    lavozim_ru: 'Ректор',
    lavozim_en: 'Rector',
    cantact: '+998 66 233-00-01',
    uchrashuv_vaqti_uz: 'Dushanba 10:00',
    uchrashuv_vaqti_ru: 'Понедельник 10:00',
    uchrashuv_vaqti_en: 'Monday 10:00',
    email: 'rector@example.org',
  },
];

export const departments = [
  {
    id: 1,
    image: null,
    otdel_name_uz: "Qabul bo'limi uz-dept",
    otdel_name_ru: 'Приёмная комиссия ru-dept',
    otdel_name_en: 'Admissions office en-dept',
    name_uz: 'Rahbar uz',
    name_ru: 'Руководитель ru',
    name_en: 'Head en',
    cantact: '+998 66 233-00-02',
    email: 'qabul@example.org',
  },
];

/** Every core endpoint answered; tests override single paths. */
export function coreRoutes(): Record<string, Answer> {
  return {
    ...newsPages(23),
    '/category/obuniversitet/': { json: about },
    '/category/rektorot/': { json: rectorate },
    '/category/otdellar/': { json: departments },
    '/api/homecontent/': { json: [{ id: 1, image: '/media/slide1.jpg' }] },
    '/api/hamkorlar/': { json: [{ id: 1, name: 'Partner', image: '/media/p1.png', url_link: 'https://partner.example.org' }] },
  };
}
