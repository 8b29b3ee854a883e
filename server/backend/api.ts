/**
 * The server's SiteApi: each method is an endpoint of shared/api.ts, read through the data cache and
 * parsed once per fill. Missing data rejects with a DataError the page loaders understand.
 */
import { ENDPOINTS, type Localized, type Picture, type SafeUrl, type SearchPage } from '../../shared/api';
import { DataError, type SiteApi } from '../../shared/data';
import { LANGS, type Lang } from '../../shared/lang';
import { PLACES, type PlaceName } from '../../shared/pictures';
import { isProvisional, plainPicture, type PictureOf } from '../images/pictures';
import { plainRichText, type RichTextOf } from '../images/rich-text';
import type { DataCache, Parser } from './cache';
import { listed, named, single, withEntities } from './entity-keys';
import { createParsers } from './parse';
import type { DataSession } from './session';
import { siteContent } from './site-content';

export interface SiteApiOptions {
  /** Backend path of the student-life gallery; the API has no fixed one (STUDENT_LIFE_PATH). */
  studentLifePath: string;
  /** Site search (server/search): answers from its in-memory index; absent, nothing is found. */
  search?: (query: string, lang: Lang, page: number) => Promise<SearchPage>;
  /** The image endpoint's URLs of a backend image (server/images); absent, each image is its own URL. */
  picture?: PictureOf;
  /** Rich text's images through the image endpoint (server/images/rich-text.ts); absent, each as its own URL. */
  richText?: RichTextOf;
}

/** The parsers of one media base, each naming the entities it holds (server/backend/entity-keys.ts). */
function entityParsers(mediaBase: string) {
  const parse = createParsers({ mediaBase });
  return {
    homeContent: withEntities(parse.homeContent, named('home')),
    partners: withEntities(parse.partners, named('partners')),
    newsPage: withEntities(parse.newsPage, (page) => listed('news', 'news')(page.items)),
    newsItem: withEntities(parse.newsItem, single('news')),
    articles: withEntities(parse.articles, listed('articles', 'article')),
    article: withEntities(parse.article, single('article')),
    about: withEntities(parse.about, listed('about', 'about')),
    faculties: withEntities(parse.faculties, listed('faculties', 'faculty')),
    facultyStaff: parse.facultyStaff,
    departments: withEntities(parse.departments, listed('departments', 'department')),
    rectorate: withEntities(parse.rectorate, listed('rectorate', 'rector')),
    labourCode: withEntities(parse.labourCode, named('labour-code')),
    codeOfConduct: withEntities(parse.codeOfConduct, named('code-of-conduct')),
    programmes: withEntities(parse.programmes, listed('programmes', 'programme')),
    studentLife: withEntities(parse.studentLife, named('student-life')),
  };
}

type EntityParsers = ReturnType<typeof entityParsers>;

/** Parsers depend only on the media base, so they are made once per base. */
const parsersByBase = new Map<string, EntityParsers>();

function parsersFor(mediaBase: string): EntityParsers {
  let parsers = parsersByBase.get(mediaBase);
  if (!parsers) {
    parsers = entityParsers(mediaBase);
    parsersByBase.set(mediaBase, parsers);
  }
  return parsers;
}

export function createSiteApi(cache: DataCache, session: DataSession, options: SiteApiOptions): SiteApi {
  const { source } = cache;
  const parse = parsersFor(source.mediaBase);
  const studentLifeParse = parsersFor(source.mediaBaseFor?.(options.studentLifePath) ?? source.mediaBase);

  const pictureOf = options.picture ?? plainPicture;
  /**
   * Images become Pictures here, on every call, not in the data cache: their URLs carry the source's
   * version, which changes apart from the data. Each backend endpoint feeds one place of the pages.
   */
  function picture(image: SafeUrl, place: PlaceName): Picture;
  function picture(image: SafeUrl | null, place: PlaceName): Picture | null;
  function picture(image: SafeUrl | null, place: PlaceName): Picture | null {
    if (image === null) return null;
    const made = pictureOf(image, PLACES[place]);
    if (isProvisional(made)) session.provisional = true;
    return made;
  }

  const richTextOf = options.richText ?? plainRichText;
  /**
   * Rich text as the data cache holds it marks its images (server/images/rich-text.ts): like images,
   * they become URLs here, on every call (memoised there), in every language.
   */
  function rich(text: Localized): Localized {
    const shown = { ...text };
    for (const lang of LANGS) {
      const made = richTextOf(text[lang]);
      if (made.provisional) session.provisional = true;
      shown[lang] = made.html;
    }
    return shown;
  }

  async function read<T>(path: string, parser: Parser<T>, notFound?: () => T): Promise<T> {
    const lookup = await cache.get(path, parser, session.signal);
    session.record(path, lookup);
    if (lookup.kind === 'ok') return lookup.value;
    if (lookup.kind === 'not-found') {
      if (notFound) return notFound();
      throw new DataError('not-found', path);
    }
    throw new DataError('failed', `${path}: ${lookup.reason}`);
  }

  return {
    homeContent: async () => (await read(ENDPOINTS.homeContent(), parse.homeContent)).map((slide) => ({ ...slide, image: picture(slide.image, 'slide') })),
    partners: async () => (await read(ENDPOINTS.partners(), parse.partners)).map((partner) => ({ ...partner, image: picture(partner.image, 'partner') })),
    // A page past the end may answer 404, which means "no more results", not an error.
    newsPage: async (page) => {
      const found = await read(ENDPOINTS.newsPage(page), parse.newsPage, () => ({ items: [], count: null, hasNext: false }));
      return { ...found, items: found.items.map((item) => ({ ...item, image: picture(item.image, 'newsCard'), desc: rich(item.desc) })) };
    },
    newsItem: async (id) => {
      const item = await read(ENDPOINTS.newsItem(id), parse.newsItem);
      return { ...item, image: picture(item.image, 'newsDetail'), desc: rich(item.desc) };
    },
    articles: async () => (await read(ENDPOINTS.articles(), parse.articles)).map((article) => ({ ...article, desc: rich(article.desc) })),
    article: async (id) => {
      const article = await read(ENDPOINTS.article(id), parse.article);
      return { ...article, desc: rich(article.desc) };
    },
    about: async () => (await read(ENDPOINTS.about(), parse.about)).map((entry) => ({ ...entry, desc: rich(entry.desc) })),
    faculties: async () =>
      (await read(ENDPOINTS.faculties(), parse.faculties)).map((faculty) => ({ ...faculty, image: picture(faculty.image, 'facultyCard') })),
    // The faculty's key purges its staff page: the staff list does not name its faculty.
    facultyStaff: async (id) =>
      (
        await read(
          ENDPOINTS.facultyStaff(id),
          withEntities(parse.facultyStaff, (staff) => [`faculty:${id}`, ...listed('staff', 'staff')(staff)]),
        )
      ).map((person) => ({ ...person, image: picture(person.image, 'person'), details: rich(person.details) })),
    departments: async () => (await read(ENDPOINTS.departments(), parse.departments)).map((person) => ({ ...person, image: picture(person.image, 'person') })),
    rectorate: async () => (await read(ENDPOINTS.rectorate(), parse.rectorate)).map((person) => ({ ...person, image: picture(person.image, 'person') })),
    labourCode: async () => (await read(ENDPOINTS.labourCode(), parse.labourCode)).map((entry) => ({ ...entry, html: rich(entry.html) })),
    codeOfConduct: () => read(ENDPOINTS.codeOfConduct(), parse.codeOfConduct),
    programmes: (kind) => read(ENDPOINTS.programmes(kind), parse.programmes),
    studentLife: async () => {
      const life = await read(options.studentLifePath, studentLifeParse.studentLife, () => null);
      return life && { ...life, images: life.images.map((photo) => ({ ...photo, image: picture(photo.image, 'life') })) };
    },
    vacancies: async () => (await siteContent()).vacancies,
    legalDocuments: async () => (await siteContent()).legalDocuments,
    studyFields: async () => (await siteContent()).studyFields,
    search: async (query, lang, page) => {
      // Results depend on the whole index, not on versioned entries: never keep the page in the page cache.
      session.volatile = true;
      return options.search ? options.search(query, lang, page) : { total: 0, page, pages: 0, results: [] };
    },
  };
}
