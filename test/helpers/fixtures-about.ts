/**
 * Backend answers for the about group's screens (faculties and their staff, labour code, code of
 * conduct): trilingual, with a unique needle per language, plus hostile variants.
 */
import type { Answer } from './fake-backend';

export const HOSTILE_HTML =
  '<p onclick="alert(1)">ok-hostile</p><script>alert(2)</script><img src="x" onerror="alert(3)">' +
  '<a href="javascript:alert(4)">bad link</a><iframe src="https://evil.example"></iframe><svg><script>alert(5)</script></svg>';

export const faculties = [
  {
    id: 1,
    image: '/media/faculties/f1.png',
    name_uz: 'Iqtisodiyot uz-fac1',
    name_ru: 'Экономика ru-fac1',
    name_en: 'Economics en-fac1',
    children_kafedra: [
      { id: 11, name_uz: 'Moliya uz-kaf11', name_ru: 'Финансы ru-kaf11', name_en: 'Finance en-kaf11' },
      { id: 12, name_uz: 'Marketing uz-kaf12', name_ru: 'Маркетинг ru-kaf12', name_en: 'Marketing en-kaf12' },
    ],
  },
  {
    id: 2,
    image: null,
    name_uz: 'Pedagogika uz-fac2',
    name_ru: 'Педагогика ru-fac2',
    name_en: 'Pedagogy en-fac2',
    children_kafedra: [],
  },
];

export function staffMember(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    image: null,
    lavozim_uz: `Dotsent uz-pos${id}`,
    lavozim_ru: `Доцент ru-pos${id}`,
    lavozim_en: `Associate professor en-pos${id}`,
    full_name_uz: `Karimov Anvar uz-staff${id}`,
    full_name_ru: `Каримов Анвар ru-staff${id}`,
    full_name_en: `Anvar Karimov en-staff${id}`,
    kontakt: '+998 (66) 233-10-0' + id,
    pochta: `staff${id}@ztu.example.uz`,
    kafedra_malumotlari_uz: `<p>Tajriba uz-details${id}</p>`,
    kafedra_malumotlari_ru: `<p>Опыт ru-details${id}</p>`,
    kafedra_malumotlari_en: `<p>Experience en-details${id}</p>`,
    ...overrides,
  };
}

export const labourCode = [
  {
    id: 1,
    descriptions_uz: '<h3>Umumiy qoidalar uz-labour</h3><ol><li>Ish vaqti 9:00 dan</li></ol>',
    descriptions_ru: '<h3>Общие положения ru-labour</h3><ol><li>Рабочее время с 9:00</li></ol>',
    descriptions_en: '<h3>General provisions en-labour</h3><ol><li>Working hours from 9:00</li></ol>',
  },
];

export const codeOfConduct = [{ id: 1, title_uz: 'Axloq kodeksi uz-ethics', title_ru: 'Кодекс этики ru-ethics', title_en: 'Code of ethics en-ethics' }];

/** Every endpoint of the about group answered; faculty 99 is unknown (the fake backend's 404). */
export function aboutRoutes(): Record<string, Answer> {
  return {
    '/category/kafedrashu/': { json: faculties },
    '/category/kafedrakontent/by-kafedra/1/': { json: [staffMember(1), staffMember(2, { image: 'https://cdn.example.org/p2.jpg' })] },
    '/category/kafedrakontent/by-kafedra/2/': { json: [staffMember(3)] },
    '/category/universitetichkitartibqonunlari/': { json: labourCode },
    '/category/axloq-qoidasi/': { json: codeOfConduct },
  };
}

/** The same endpoints with hostile content; faculty 7's staff carries it. */
export function hostileAboutRoutes(): Record<string, Answer> {
  return {
    '/category/kafedrashu/': {
      json: [
        { id: 7, image: 'javascript:alert(6)', name_uz: '<script>alert(7)</script>', children_kafedra: [{ id: 71, name_uz: '<img src=x onerror=alert(8)>' }] },
      ],
    },
    '/category/kafedrakontent/by-kafedra/7/': {
      json: [
        staffMember(70, {
          image: 'javascript:alert(9)',
          full_name_uz: '</script><script>alert(10)</script>',
          pochta: '"><script>alert(11)</script>',
          kontakt: 'javascript:alert(12)',
          kafedra_malumotlari_uz: HOSTILE_HTML,
        }),
      ],
    },
    '/category/universitetichkitartibqonunlari/': { json: [{ id: 1, descriptions_uz: HOSTILE_HTML }] },
    '/category/axloq-qoidasi/': { json: [{ id: 1, title_uz: '<img src=x onerror=alert(13)>' }] },
  };
}
