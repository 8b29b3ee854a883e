/**
 * The catalogue as search documents in one language: what a result shows (title, text, date) and
 * where it leads (a site path from the route table). Static pages come from the route table too, with
 * their titles and descriptions from the dictionaries and their texts from the per-page content
 * modules, so search knows every page the menus know, in the words the page shows.
 */
import type { SearchKind } from '../../shared/api';
import { CONFERENCE_TEXT } from '../../shared/content/announcements';
import { DORMITORY } from '../../shared/content/dormitory';
import { PSYCHOLOGISTS_CLUB } from '../../shared/content/psychologists-club';
import { dict, type Dict } from '../../shared/i18n';
import { uzbekScript, type Lang } from '../../shared/lang';
import { PAGE_TABLE as PAGES } from '../../shared/page-table';
import { htmlToText } from '../sanitize';
import type { Catalogue } from './catalogue';

export interface SearchDoc {
  /** Unique within one language's index. */
  id: string;
  kind: SearchKind;
  /** Site path without the language prefix. */
  path: string;
  title: string;
  text: string;
  date: string | null;
}

/** Texts a static page shows beyond its title and description, by page id (shared/page-table.ts). */
const STATIC_TEXT: Record<string, (lang: Lang, t: Dict) => unknown> = {
  Home: (_, t) => [t.home.heroTitle, t.home.heroText],
  Dormitory: (lang) => DORMITORY[lang],
  PsychologistsClub: (lang) => PSYCHOLOGISTS_CLUB[lang],
  Announcements: (lang) => CONFERENCE_TEXT[lang],
  WomensCommittee: (_, t) => t.womensCommittee.intro,
  Structure: (_, t) => t.structure.charts,
  EducationDocuments: (_, t) => t.educationDocuments.intro,
};

const PROGRAMME_PAGES = { fulltime: '/kunduzgi', correspondence: '/sirtqi', master: '/magistratura' } as const;

/** Every string inside a text module's value (objects, arrays), in order; functions and numbers are not text. */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/** The dictionary's `pages.<key>` entry of a route path ('' → home, 'Vacancies' → vacancies, 'TTJ' → ttj). */
export function pageEntry(t: Dict, path: string): { title: string; description: string } | null {
  const pages = t.pages as Record<string, { title: string; description: string } | undefined>;
  const key = path === '' ? 'home' : [path, path[0]!.toLowerCase() + path.slice(1), path.toLowerCase()].find((k) => pages[k]);
  return (key && pages[key]) || null;
}

/** Whether the route table has a page for this pattern (a screen not written yet gets no results). */
function hasRoute(pattern: string): boolean {
  return PAGES.some((page) => page.path.toLowerCase() === pattern.toLowerCase());
}

export function documentsFor(catalogue: Catalogue, lang: Lang): SearchDoc[] {
  const t = dict(lang);
  const script = uzbekScript(lang);
  const docs = new Map<string, SearchDoc>();
  // The backend may repeat an item (a staff entry listed twice): the first one counts.
  const add = (doc: SearchDoc) => {
    if ((doc.title || doc.text) && !docs.has(doc.id)) docs.set(doc.id, doc);
  };
  const join = (parts: Array<string | null | undefined>) => parts.filter(Boolean).join('. ');

  const pageExtras: Record<string, string[]> = {
    About: catalogue.about.flatMap((entry) => [entry.title[lang], htmlToText(entry.desc[lang])]),
    EducationDocuments: catalogue.legalDocuments.map((doc) => (lang === 'en' ? doc.textEn || doc.text.uz : doc.text[script])),
  };
  for (const page of PAGES) {
    const entry = page.noindex || page.path.includes(':') ? null : pageEntry(t, page.path);
    if (!entry) continue;
    const texts = [entry.description, ...stringsOf(STATIC_TEXT[page.id]?.(lang, t)), ...(pageExtras[page.id] ?? [])];
    add({ id: `page:${page.id}`, kind: 'page', path: page.path ? `/${page.path}` : '/', title: entry.title, text: join(texts), date: null });
  }

  if (hasRoute('news/:id')) {
    for (const n of catalogue.news) {
      add({ id: `news:${n.id}`, kind: 'news', path: `/news/${n.id}`, title: n.title[lang], text: n.text[lang], date: n.createdAt });
    }
  }
  if (hasRoute('qqk/:id')) {
    for (const a of catalogue.articles) {
      add({ id: `article:${a.id}`, kind: 'article', path: `/qqk/${a.id}`, title: a.title[lang], text: a.text[lang], date: a.createdAt });
    }
  }
  if (hasRoute('department/:id')) {
    for (const f of catalogue.faculties) {
      const text = join(f.children.map((child) => child.name[lang]));
      add({ id: `faculty:${f.id}`, kind: 'faculty', path: `/department/${f.id}`, title: f.name[lang], text, date: null });
    }
    for (const { faculty, entry } of catalogue.staff) {
      const text = join([entry.position[lang], faculty.name[lang], htmlToText(entry.details[lang])]);
      add({ id: `staff:${faculty.id}:${entry.id}`, kind: 'staff', path: `/department/${faculty.id}`, title: entry.fullName[lang], text, date: null });
    }
  }
  for (const { kind, programme } of catalogue.programmes) {
    const path = PROGRAMME_PAGES[kind];
    if (!hasRoute(path.slice(1))) continue;
    add({
      id: `programme:${kind}:${programme.id}`,
      kind: 'programme',
      path,
      title: `${programme.code} ${programme.name[lang]}`.trim(),
      text: t.pages[path.slice(1) as 'kunduzgi'].title,
      date: null,
    });
  }
  if (hasRoute('napravleniya')) {
    for (const field of catalogue.fields) {
      add({
        id: `field:${field.id}`,
        kind: 'field',
        path: '/napravleniya',
        title: `${field.code} ${field.name[lang]}`.trim(),
        text: t.pages.napravleniya.title,
        date: null,
      });
    }
  }
  // The vacancy board is in Uzbek whatever the page language, so its cards are too.
  if (hasRoute('Vacancies')) {
    for (const v of catalogue.vacancies) {
      add({
        id: `vacancy:${v.id}`,
        kind: 'vacancy',
        path: '/Vacancies',
        title: v.title[script],
        text: join([v.department[script], v.employmentType[script], v.description[script]]),
        date: v.postedDate || null,
      });
    }
  }
  return [...docs.values()];
}
