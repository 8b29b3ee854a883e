/**
 * Facts about the university that every language shares: contacts, external services and social
 * profiles. External addresses live only here, so a sysadmin can find and change them in one place.
 */
import type { Lang } from './lang';

export const SITE = {
  phone: '+998 66 233-00-00',
  phoneHref: 'tel:+998662330000',
  email: 'info@ztu.uz',
  coordinates: { lat: 39.6542, lng: 66.9597 },
  foundingYear: 2019,
} as const;

/**
 * The university's name and abbreviation in each language: the dictionaries show these, and the JSON-LD
 * of the one university (`@id` …/#university) lists them all, so every page describes it alike. English
 * keeps the Uzbek abbreviation ZTU, the one the campus images and signs carry.
 */
export const UNIVERSITY_NAMES: Record<Lang, { name: string; shortName: string }> = {
  uz: { name: 'Zarafshon Texnologiya Universiteti', shortName: 'ZTU' },
  'uz-cyrl': { name: 'Зарафшон Технология Университети', shortName: 'ЗТУ' },
  ru: { name: 'Зарафшанский технологический университет', shortName: 'ЗТУ' },
  en: { name: 'Zarafshon University of Technology', shortName: 'ZTU' },
};

export const EXTERNAL = {
  studentPortalLogin: 'https://student.ztu.uz/dashboard/login',
  onlineAdmission: 'https://qabul.ztu.uz/',
  masterSurvey: 'https://forms.ztu.uz/magistratura-sorovnoma',
  eLibrary: 'https://library.ztu.uz/',
  eJournal: 'https://journal.ztu.uz/',
  conference: 'https://conf.ztu.uz/',
  international: 'https://international.ztu.uz/',
  surveyEconomics: 'https://forms.ztu.uz/sorovnoma-iqtisodiyot',
  surveyPedagogy: 'https://forms.ztu.uz/sorovnoma-pedagogika-filologiya',
  surveyInnovation: 'https://forms.ztu.uz/sorovnoma-innovatsion-texnologiyalar',
  surveyMedical: 'https://forms.ztu.uz/sorovnoma-tibbiyot',
  instagram: 'https://www.instagram.com/ztu_uz/',
  telegram: 'https://t.me/ztu_uz',
  /** The young psychologists club's anonymous help bot (/YPK). */
  psychologyBot: 'https://t.me/ztu_psixolog_bot',
  youtube: 'https://www.youtube.com/@ztu_uz',
  mail: 'mailto:info@ztu.uz',
  map: 'https://www.google.com/maps?q=39.6542,66.9597&z=15&output=embed',
  mapLink: 'https://www.google.com/maps?q=39.6542,66.9597&z=15',
  /** The home page's video (YouTube, privacy-enhanced domain); loaded only after a click. */
  homeVideoEmbed: 'https://www.youtube-nocookie.com/embed/Zt7uPq3mX9c',
  /** The same video on YouTube, for visitors without JavaScript. */
  homeVideoWatch: 'https://www.youtube.com/watch?v=Zt7uPq3mX9c',
} as const;
