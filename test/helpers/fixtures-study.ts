/**
 * Backend responses for the study and news groups' tests (programmes, news tabs, articles): trilingual
 * with a unique needle per language, plus the edge cases those screens must get right (rule marks,
 * a missing price, news without a category, article text with tags, a long text, a multi-byte
 * character at the preview cut, hostile HTML).
 */
import type { Answer } from './fake-backend';
import { coreRoutes, HOSTILE_TITLE, newsItem } from './fixtures';

function programme(id: number, code: string, name: string, price: unknown, extra: Record<string, unknown> = {}) {
  return { id, code, name_uz: `${name} uz-prog`, name_ru: `${name} ru-prog`, name_en: `${name} en-prog`, price, ...extra };
}

export const fullTimeProgrammes = [
  programme(1, '60230100', 'Filologiya', 12_600_000),
  // The same code as a correspondence rule: on the full-time page it carries no experience mark.
  programme(2, '60110400', 'Boshlangich', '11200000'),
  programme(3, '60910200', 'Dasturiy', 26_500_000, { opened: '2024-2025' }),
  programme(4, '60310100', 'Iqtisodiyot', null),
];

export const correspondenceProgrammes = [
  programme(11, '60110400', 'Sirtqi boshlangich', 8_400_000),
  programme(12, '60111200', 'Sirtqi jismoniy', 7_900_000),
  programme(13, '60730900', 'Sirtqi shaharsozlik', 10_600_000),
  programme(14, '60730100', 'Sirtqi arxitektura', 11_000_000),
  programme(15, '60310100', 'Sirtqi iqtisodiyot', 9_800_000),
];

export const masterProgrammes = [programme(21, '70310101', 'Magistr iqtisodiyot', 17_500_000)];

/** Four kinds in turn: public, university, international, none (which the rule files under university). */
const CATEGORIES = ['public', 'university', 'international', null] as const;

export function categoryOf(id: number): (typeof CATEGORIES)[number] {
  return CATEGORIES[id % CATEGORIES.length]!;
}

/** DRF pages of `total` news, newest (highest id) first, each with a category by `categoryOf`. */
export function categorisedNews(total: number, size = 10): Record<string, Answer> {
  const all = Array.from({ length: total }, (_, i) => {
    const id = total - i;
    const category = categoryOf(id);
    return newsItem(id, category ? { category } : {});
  });
  const pages = Math.ceil(total / size);
  const routes: Record<string, Answer> = {};
  for (let page = 1; page <= pages; page++) {
    routes[page === 1 ? '/news/yangiliklar/' : `/news/yangiliklar/?page=${page}`] = {
      json: {
        count: total,
        next: page < pages ? `/news/yangiliklar/?page=${page + 1}` : null,
        previous: page > 1 ? `/news/yangiliklar/?page=${page - 1}` : null,
        results: all.slice((page - 1) * size, page * size),
      },
    };
  }
  return routes;
}

/** ~560 characters of plain text once the tags are gone; the 299-character cut lands mid-word. */
const LONG_UZ = 'Raqamli iqtisodiyot mintaqaning barqaror rivojlanishida muhim o‘rin tutadi. '.repeat(7);

/** Emoji are two UTF-16 units: one sits exactly on the 299th character. */
export const EMOJI_TEXT = `${'a'.repeat(298)}😀${'b'.repeat(20)}`;

export const articles = [
  {
    id: 1,
    title_uz: 'Maqola uz-article',
    title_ru: 'Статья ru-article',
    title_en: 'Article en-article',
    desc_uz: `<p><strong>Muallif:</strong> <em>Karimov</em> uz-art-body</p><p>${LONG_UZ}</p>`,
    desc_ru: `<p><strong>Автор:</strong> Каримов ru-art-body</p><p>${'Цифровая экономика региона. '.repeat(20)}</p>`,
    desc_en: `<p><strong>Author:</strong> Karimov en-art-body</p><p>${'The digital economy of the region. '.repeat(15)}</p>`,
    created_at: '2025-02-18T10:00:00+05:00',
    // Fields the backend may add: when they come, structured data uses them.
    updated_at: '2025-03-01T12:30:00+05:00',
    author: '  Bahodir   Karimov ',
    viewers: 842,
  },
  {
    id: 2,
    title_uz: 'Emoji maqola uz-emoji',
    title_ru: 'Эмодзи ru-emoji',
    title_en: 'Emoji en-emoji',
    desc_uz: `<p>${EMOJI_TEXT}</p>`,
    desc_ru: `<p>${EMOJI_TEXT}</p>`,
    desc_en: `<p>${EMOJI_TEXT}</p>`,
    created_at: '2025-05-27T09:30:00+05:00',
    viewers: 615,
  },
  {
    id: 3,
    title_uz: HOSTILE_TITLE,
    title_ru: HOSTILE_TITLE,
    title_en: HOSTILE_TITLE,
    desc_uz:
      '<p onclick="alert(1)">hostile-body</p><script>alert("x")</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a><iframe src="https://evil.example"></iframe>',
    desc_ru: '',
    desc_en: '',
    created_at: 'not a date',
    viewers: 'many',
  },
];

/** Every core endpoint plus the study and news groups' ones; tests override single paths. */
export function studyRoutes(): Record<string, Answer> {
  const routes: Record<string, Answer> = {
    ...coreRoutes(),
    ...categorisedNews(25),
    '/category/yonalishlar/': { json: fullTimeProgrammes },
    '/category/yonalishlar-sirtqi/': { json: correspondenceProgrammes },
    '/category/yonalishlar-magister/': { json: masterProgrammes },
    '/news/maqolalar/': { json: articles },
  };
  for (const article of articles) routes[`/news/maqolalar/${article.id}`] = { json: article };
  return routes;
}
