/**
 * Backend answers for the home page tests: news (the shared fixture), slider images, partners (one
 * with a javascript: link, one with a hostile name) and a student-life gallery for STUDENT_LIFE_PATH.
 */
import type { Answer } from './fake-backend';
import { newsPages } from './fixtures';

export const SLIDES = [
  { id: 1, image: '/media/test/slide-alpha.jpg' },
  { id: 2, image: 'https://cdn.example.org/slide-beta.png' },
  { id: 3, image: 'javascript:alert(1)' },
];

export const PARTNERS = [
  { id: 1, name: 'Partner Alpha', image: '/media/test/partner-alpha.png', url_link: 'https://alpha.example.org/' },
  { id: 2, name: 'Partner Sly', image: '/media/test/partner-sly.png', url_link: 'javascript:alert(document.cookie)' },
  { id: 3, name: 'Partner <script>alert(1)</script>', image: '/media/test/partner-gamma.png', url_link: 'https://gamma.example.org/' },
];

export const STUDENT_LIFE_PATH = '/api/talabalar-hayoti/';

export const STUDENT_LIFE = [
  {
    id: 1,
    title_uz: 'Talabalar hayoti',
    title_ru: 'Студенческая жизнь',
    title_en: 'Student life',
    link: 'https://www.instagram.com/backend_profile',
    contenttable: [{ id: 7, image: '/media/test/life-backend.jpg', title_uz: 'Bahor uz-life', title_ru: 'Весна ru-life', title_en: 'Spring en-life' }],
  },
];

export function homeRoutes(): Record<string, Answer> {
  return {
    ...newsPages(23),
    '/api/homecontent/': { json: SLIDES },
    '/api/hamkorlar/': { json: PARTNERS },
    [STUDENT_LIFE_PATH]: { json: STUDENT_LIFE },
  };
}
