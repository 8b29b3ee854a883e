/**
 * The site's navigation as typed data. The header, the home page's Menu panel and the footer all
 * render from these trees; labels are keys of the dictionaries' `nav` section.
 */
import { EXTERNAL } from './site';
import type { Dict } from './i18n';

export type NavLabel = keyof Dict['nav'];

export type NavItem =
  | { kind: 'page'; path: string; label: NavLabel }
  | { kind: 'external'; href: string; label: NavLabel }
  | { kind: 'group'; id: string; label: NavLabel; items: NavItem[] };

export interface NavMenu {
  id: string;
  label: NavLabel;
  items: NavItem[];
}

const page = (path: string, label: NavLabel): NavItem => ({ kind: 'page', path, label });
const external = (href: string, label: NavLabel): NavItem => ({ kind: 'external', href, label });

/** The header's 7 top-level dropdowns; at most one is open at a time. */
export const TOP_MENUS: NavMenu[] = [
  {
    id: 'university',
    label: 'university',
    items: [
      page('/about', 'about'),
      page('/department', 'faculties'),
      page('/departments', 'centers'),
      page('/rektorat', 'rectorate'),
      page('/rules', 'labourCode'),
      page('/rulesEtika', 'codeOfConduct'),
      page('/regulation', 'charter'),
      page('/tashkiliytuzilmasi', 'structure'),
      page('/qoidalar', 'educationDocuments'),
      page('/Vacancies', 'vacancies'),
      page('/newsAll', 'allNews'),
      {
        kind: 'group',
        id: 'public-services',
        label: 'publicServices',
        items: [page('/TTJ', 'dormitory'), page('/XQQ', 'womensCommittee'), page('/YPK', 'psychologistsClub')],
      },
    ],
  },
  {
    id: 'applicant',
    label: 'applicant',
    items: [page('/kunduzgi', 'fullTime'), external(EXTERNAL.onlineAdmission, 'onlineAdmission')],
  },
  {
    id: 'master',
    label: 'master',
    items: [page('/magistratura', 'masterProgrammes'), external(EXTERNAL.masterSurvey, 'masterSurvey')],
  },
  {
    id: 'resources',
    label: 'resources',
    items: [external(EXTERNAL.eLibrary, 'eLibrary'), external(EXTERNAL.eJournal, 'eJournal')],
  },
  {
    id: 'announcements',
    label: 'announcements',
    items: [external(EXTERNAL.conference, 'conference'), page('/elonlar', 'announcementsPage'), page('/qqk', 'articles')],
  },
  {
    id: 'international',
    label: 'international',
    items: [external(EXTERNAL.international, 'internationalPortal')],
  },
  {
    id: 'surveys',
    label: 'surveys',
    items: [
      external(EXTERNAL.surveyEconomics, 'surveyEconomics'),
      external(EXTERNAL.surveyPedagogy, 'surveyPedagogy'),
      external(EXTERNAL.surveyInnovation, 'surveyInnovation'),
      external(EXTERNAL.surveyMedical, 'surveyMedical'),
    ],
  },
];

/** A top menu's items by id, so other trees reuse them instead of copying link lists. */
function topMenuItems(id: string): NavItem[] {
  return TOP_MENUS.find((menu) => menu.id === id)?.items ?? [];
}
const group = (id: string, label: NavLabel, items: NavItem[]): NavItem => ({ kind: 'group', id, label, items });

/** The items of a list up to and including the one labelled `last`. */
function through(items: NavItem[], last: NavLabel): NavItem[] {
  return items.slice(0, items.findIndex((item) => item.label === last) + 1);
}

/** Tab bars of the About, news and study sections; the active tab follows the page. About: the university menu up to the structure. */
export const ABOUT_TABS: NavItem[] = through(topMenuItems('university'), 'structure');

export const NEWS_TABS: NavItem[] = [
  page('/newsAll', 'allNews'),
  page('/publicNews', 'publicNews'),
  page('/newsUnversity', 'universityNews'),
  page('/xalqaroNews', 'internationalNews'),
];

export const PROGRAMME_TABS: NavItem[] = topMenuItems('applicant');

/**
 * The footer's sections, taken from the header and tab trees: the university menu up to the
 * charter, the news tabs, the applicant, resources and announcements menus (the latter without the
 * external conference link). The correspondence label is shown unlinked.
 */
export const FOOTER_SECTIONS: NavMenu[] = [
  { id: 'university', label: 'university', items: through(ABOUT_TABS, 'charter') },
  { id: 'news', label: 'news', items: NEWS_TABS },
  { id: 'applicant', label: 'applicant', items: topMenuItems('applicant') },
  { id: 'resources', label: 'resources', items: topMenuItems('resources') },
  { id: 'announcements', label: 'announcements', items: topMenuItems('announcements').filter((item) => item.kind === 'page') },
];

/**
 * The home page's Menu panel: News, University, Applicant, student portal, Master's,
 * Resources, Announcements — built from the header and tab trees above.
 */
export const HOME_PANEL_MENU: NavItem[] = [
  group('panel-news', 'news', NEWS_TABS),
  group('panel-university', 'university', topMenuItems('university')),
  group('panel-applicant', 'applicant', topMenuItems('applicant')),
  external(EXTERNAL.studentPortalLogin, 'studentPortal'),
  group('panel-master', 'master', topMenuItems('master')),
  group('panel-resources', 'resources', topMenuItems('resources')),
  group('panel-announcements', 'announcements', topMenuItems('announcements')),
];
