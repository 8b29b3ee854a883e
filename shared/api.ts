/**
 * The backend API: every endpoint path in one table and the entity types the
 * site works with after the server has validated, normalised and sanitised a response. Backend field
 * names (title_uz, lavozim_ru, cantact…) stop at the server's parsers; everything past them uses these
 * types, where a per-language text is a `Localized` record.
 */
import type { Lang, UzbekScript } from './lang';

export type Localized = Record<Lang, string>;

/** Text the site has in Uzbek only, in both scripts (the Cyrillic made from the Latin when it is parsed). */
export type Uzbek = Record<UzbekScript, string>;

/** A URL that survived validation: absolute http(s), or a site-relative path. */
export type SafeUrl = string;

/**
 * An image as pages show it. The parsers and the data cache keep each image as its SafeUrl; the
 * server's SiteApi turns it into a Picture on the way out (image URLs are signed and carry the
 * source's version, which changes independently of the data), so the browser, which cannot sign,
 * gets them in loader data. Entity types take the image type as a parameter: SafeUrl as parsed,
 * Picture as served.
 */
export interface Picture {
  /** The largest variant of the image endpoint, or the file itself (the site's own SVG art). */
  src: string;
  /** Variants with width descriptors; absent when the file is served as it is. */
  srcSet?: string;
  /** The image's displayed size, once the server has seen it. */
  width?: number;
  height?: number;
  /** The 1200x630 link-preview crop (news items), site-relative. */
  share?: string;
}

export interface NewsItem<Image = Picture> {
  id: number;
  image: Image | null;
  title: Localized;
  /** Sanitised HTML. */
  desc: Localized;
  /** Plain text of `desc`, made once at parse time (search, feeds, link previews). */
  text: Localized;
  /** ISO 8601 timestamp, or null when the backend sent none or garbage. */
  createdAt: string | null;
  /** When the backend says the item was last edited (optional `updated_at`), else null. */
  updatedAt: string | null;
  /** The author's name when the backend names one (optional `author`), else null: the university is the author. */
  author: Uzbek | null;
  views: number;
  /** Optional grouping the backend may send ('public' | 'university' | 'international'). */
  category: string | null;
}

export interface NewsPage<Image = Picture> {
  items: NewsItem<Image>[];
  /** Total number of news the backend reports, when it does. */
  count: number | null;
  hasNext: boolean;
}

export interface Article {
  id: number;
  title: Localized;
  /** Sanitised HTML. */
  desc: Localized;
  /** Plain text of `desc` (whitespace collapsed), made once at parse time for previews. */
  text: Localized;
  createdAt: string | null;
  /** As NewsItem's. */
  updatedAt: string | null;
  /** As NewsItem's. */
  author: Uzbek | null;
  viewers: number;
}

export interface AboutEntry {
  id: number;
  title: Localized;
  desc: Localized;
}

export interface FacultyChild {
  id: number;
  name: Localized;
}

export interface Faculty<Image = Picture> {
  id: number;
  image: Image | null;
  name: Localized;
  children: FacultyChild[];
}

export interface StaffEntry<Image = Picture> {
  id: number;
  image: Image | null;
  position: Localized;
  fullName: Localized;
  phone: string;
  email: string;
  details: Localized;
}

export interface Department<Image = Picture> {
  id: number;
  image: Image | null;
  name: Localized;
  head: Localized;
  phone: string;
  email: string;
}

export interface RectoratePerson<Image = Picture> {
  id: number;
  image: Image | null;
  name: Localized;
  position: Localized;
  phone: string;
  reception: Localized;
  email: string;
}

export interface RulesEntry {
  id: number;
  html: Localized;
}

export interface CodeOfConductEntry {
  id: number;
  title: Localized;
}

export interface Programme {
  id: number;
  code: string;
  name: Localized;
  /** Tuition per year in so'm; null when the backend sent no usable number. */
  price: number | null;
  /** Academic year the programme opened, when the backend says ('2024-2025'). */
  opened: string | null;
}

export type ProgrammeKind = 'fulltime' | 'correspondence' | 'master';

export interface Partner<Image = Picture> {
  /** The backend's id, or the record's position: the API gives these records no id. */
  key: string;
  name: string;
  image: Image | null;
  url: SafeUrl | null;
}

export interface HomeImage<Image = Picture> {
  /** The backend's id, or the record's position: the API gives these records no id. */
  key: string;
  image: Image;
}

export interface GalleryImage<Image = Picture> {
  /** The backend's id, or the record's position: the API gives these records no id. */
  key: string;
  image: Image;
  title: Localized;
}

export interface StudentLife<Image = Picture> {
  title: Localized;
  link: SafeUrl | null;
  images: GalleryImage<Image>[];
}

/** Vacancies are not the backend's: the earlier site hard-coded them, ours live in content/site. */
export interface Vacancy {
  id: number;
  title: Uzbek;
  department: Uzbek;
  /** 'Toʻliq bandlik' (or To'liq) (full time) or 'Yarim stavka' (half rate); pages show the dictionary's word for these two. */
  employmentType: Uzbek;
  description: Uzbek;
  /** YYYY-MM-DD as given; shown in the Uzbek long format of the page's script, or raw when it is not a date. */
  postedDate: string;
}

export interface LegalDocument {
  id: number;
  /** Uzbek title. */
  text: Uzbek;
  textEn: string;
  url: SafeUrl | null;
}

export interface StudyField {
  id: number;
  code: string;
  name: Localized;
  icon: SafeUrl | null;
}

/** What site search finds (server/search): one kind per thing a visitor can land on. */
export type SearchKind = 'news' | 'article' | 'faculty' | 'staff' | 'programme' | 'field' | 'vacancy' | 'page';

/** A stretch of result text; `mark` when its words matched the query (shown as <mark>). */
export interface TextRun {
  text: string;
  mark?: true;
}

export interface SearchResult {
  kind: SearchKind;
  /** Site path without the language prefix ('/news/12', '/kunduzgi'). */
  path: string;
  title: TextRun[];
  /** A short stretch of the text around the first matched word. */
  excerpt: TextRun[];
  /** ISO date of the thing, when it has one. */
  date: string | null;
}

/** One page of search results and how many there are in all. */
export interface SearchPage {
  total: number;
  /** This page's number, from 1. */
  page: number;
  pages: number;
  results: SearchResult[];
}

/** Backend paths, appended to BACKEND_URL. */
export const ENDPOINTS = {
  homeContent: () => '/api/homecontent/',
  partners: () => '/api/hamkorlar/',
  newsPage: (page: number) => (page <= 1 ? '/news/yangiliklar/' : `/news/yangiliklar/?page=${page}`),
  newsItem: (id: number) => `/news/yangiliklar/${id}/`,
  articles: () => '/news/maqolalar/',
  article: (id: number) => `/news/maqolalar/${id}`,
  about: () => '/category/obuniversitet/',
  faculties: () => '/category/kafedrashu/',
  facultyStaff: (id: number) => `/category/kafedrakontent/by-kafedra/${id}/`,
  departments: () => '/category/otdellar/',
  rectorate: () => '/category/rektorot/',
  labourCode: () => '/category/universitetichkitartibqonunlari/',
  codeOfConduct: () => '/category/axloq-qoidasi/',
  programmes: (kind: ProgrammeKind) =>
    ({
      fulltime: '/category/yonalishlar/',
      correspondence: '/category/yonalishlar-sirtqi/',
      master: '/category/yonalishlar-magister/',
    })[kind],
} as const;

/** Ids in URLs are small positive integers; anything else is a 404 without asking the backend. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9][0-9]{0,8}$/.test(raw)) return null;
  return Number(raw);
}
