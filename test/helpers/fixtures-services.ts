/**
 * Fixtures of the services group (/Vacancies, /TTJ, /XQQ, /YPK and the mock screens). These pages do
 * not call the backend: vacancies come from the site's own content (content/site/vacancies.json) and
 * the rest is static text. So the fixtures are the routes with what each must show per language, the
 * vacancies as the content file has them, and a backend that answers every core path with hostile
 * content (which must not reach these pages).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_DIR } from '../../server/paths';
import { cyrillicNeedle } from './cyrillic-needles';
import type { Answer } from './fake-backend';
import { coreRoutes, HOSTILE_TITLE } from './fixtures';

export type Lang = 'uz' | 'uz-cyrl' | 'ru' | 'en';

export const LANG_PREFIXES: Array<{ lang: Lang; tag: string; prefix: string }> = [
  { lang: 'uz', tag: 'uz', prefix: '' },
  { lang: 'uz-cyrl', tag: 'uz-Cyrl', prefix: '/uz-cyrl' },
  { lang: 'ru', tag: 'ru', prefix: '/ru' },
  { lang: 'en', tag: 'en', prefix: '/en' },
];

export interface ServiceScreen {
  path: string;
  /** Text the page shows in each language (as it appears in HTML: no apostrophes to escape). */
  needles: Record<Lang, string>;
  /** Mock screens stay out of search engines. */
  mock: boolean;
}

export const SERVICE_SCREENS: ServiceScreen[] = (
  [
    { path: '/Vacancies', mock: false, needles: { uz: 'Barcha kafedralar', ru: 'Все кафедры', en: 'All departments' } },
    { path: '/TTJ', mock: false, needles: { uz: 'Yashash sharoitlari', ru: 'Условия проживания', en: 'Living conditions' } },
    { path: '/XQQ', mock: false, needles: { uz: 'Hujjatni yuklab olish', ru: 'Скачать документ', en: 'Download the document' } },
    { path: '/YPK', mock: false, needles: { uz: 'Anonim psixologik yordam', ru: 'Анонимная психологическая помощь', en: 'Anonymous psychological help' } },
    { path: '/university', mock: true, needles: { uz: 'Talaba profili', ru: 'Профиль студента', en: 'Student profile' } },
    { path: '/form', mock: true, needles: { uz: 'Arizani yuborish', ru: 'Отправить заявку', en: 'Send the request' } },
    { path: '/entry', mock: true, needles: { uz: 'Onlayn qabul', ru: 'Онлайн-приём', en: 'Online admission' } },
    { path: '/sdf', mock: true, needles: { uz: 'Zamonaviy laboratoriyalar', ru: 'Современные лаборатории', en: 'Modern laboratories' } },
    { path: '/test', mock: true, needles: { uz: 'Boshqa sahifalar', ru: 'Другие страницы', en: 'Other pages' } },
    { path: '/test2', mock: true, needles: { uz: 'Klaviatura bilan foydalanish', ru: 'Работа с клавиатуры', en: 'Using the keyboard' } },
    { path: '/study', mock: true, needles: { uz: 'Mutaxassislik', ru: 'Специальность', en: 'Programme' } },
  ] as Array<Omit<ServiceScreen, 'needles'> & { needles: Omit<ServiceScreen['needles'], 'uz-cyrl'> }>
).map((screen) => ({ ...screen, needles: { ...screen.needles, 'uz-cyrl': cyrillicNeedle(screen.needles.uz) } }));

/** The five built-in vacancies, read from the content file the site serves. */
export interface VacancyRecord {
  id: number;
  title: string;
  department: string;
  employmentType: string;
  description: string;
  postedDate: string;
}

export function vacanciesOnDisk(): VacancyRecord[] {
  return JSON.parse(readFileSync(join(CONTENT_DIR, 'site', 'vacancies.json'), 'utf8')) as VacancyRecord[];
}

export const CHEMISTRY = 'Kimyo kafedrasi';
export const ECONOMICS = 'Iqtisodiyot kafedrasi';
export const HALF_RATE = 'Yarim stavka';

/** Every core endpoint answered with script tags, handlers and javascript: URLs. */
export function hostileCoreRoutes(): Record<string, Answer> {
  const hostile = {
    id: 1,
    image: 'javascript:alert(1)',
    title_uz: HOSTILE_TITLE,
    title_ru: '<img src=x onerror=alert(2)>',
    title_en: HOSTILE_TITLE,
    desc_uz: '<p onclick="alert(3)">x</p><script>alert(4)</script>',
    name_uz: HOSTILE_TITLE,
    url_link: 'javascript:alert(5)',
  };
  const routes = coreRoutes();
  for (const path of Object.keys(routes)) routes[path] = { json: [hostile] };
  return routes;
}
