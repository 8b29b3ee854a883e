/**
 * Programme pages (/kunduzgi, /sirtqi, /magistratura): the admission rules (docs/behaviour.md) as data,
 * and the loader that turns backend programmes into table rows (prices formatted on the server).
 */
import type { Programme, ProgrammeKind } from './api';
import { FULL_TIME_STUDY_YEARS } from './constants';
import type { PageLoader } from './data';
import { formatPrice } from './format';
import type { Lang } from './lang';

/** By correspondence, primary education and physical culture need pedagogical experience. */
export const EXPERIENCE_REQUIRED_CODES: readonly string[] = ['60110400', '60111200'];
export const PEDAGOGICAL_EXPERIENCE_YEARS = 5;
/** By correspondence, urban planning and design, and architecture, admit by examination. */
export const EXAM_ADMISSION_CODES: readonly string[] = ['60730900', '60730100'];
/** Programmes opened in this academic year take no second-specialty students yet. */
export const NO_SECOND_SPECIALTY_OPENED = '2024-2025';

export type AdmissionRule = 'secondSpecialty' | 'experience' | 'exam';

interface KindFacts {
  /** The rules shown under the table, in this order. */
  rules: AdmissionRule[];
  /** Study length in years, where it is known (full-time study). */
  years: number | null;
}

/** Second specialty is a bachelor's matter; the experience and exam rules are correspondence-only. */
export const PROGRAMME_KINDS: Record<ProgrammeKind, KindFacts> = {
  fulltime: { rules: ['secondSpecialty'], years: FULL_TIME_STUDY_YEARS },
  correspondence: { rules: ['secondSpecialty', 'experience', 'exam'], years: null },
  master: { rules: [], years: null },
};

export interface ProgrammeRow {
  id: number;
  code: string;
  name: string;
  /** Formatted with the currency word; null when the backend sent no price (shown as a dash). */
  price: string | null;
  /** The rules that single this row out (for secondSpecialty: the 2024-2025 exception). */
  marks: AdmissionRule[];
}

export type ProgrammesData = { programmes: ProgrammeRow[] };

/** '2024-2025', '2024–2025' and '2024 - 2025' are the same academic year. */
function openedIn(opened: string | null, year: string): boolean {
  return opened !== null && opened.replace(/[\s]/g, '').replace(/[–—]/g, '-') === year;
}

function marksOf(programme: Programme, rules: AdmissionRule[]): AdmissionRule[] {
  const applies: Record<AdmissionRule, boolean> = {
    secondSpecialty: openedIn(programme.opened, NO_SECOND_SPECIALTY_OPENED),
    experience: EXPERIENCE_REQUIRED_CODES.includes(programme.code),
    exam: EXAM_ADMISSION_CODES.includes(programme.code),
  };
  return rules.filter((rule) => applies[rule]);
}

export function toProgrammeRow(programme: Programme, kind: ProgrammeKind, lang: Lang): ProgrammeRow {
  return {
    id: programme.id,
    code: programme.code,
    name: programme.name[lang],
    price: programme.price === null ? null : formatPrice(programme.price, lang),
    marks: marksOf(programme, PROGRAMME_KINDS[kind].rules),
  };
}

export function programmesLoader(kind: ProgrammeKind): PageLoader<ProgrammesData> {
  return ({ api, lang }) => ({
    programmes: api.programmes(kind).then((list) => list.map((p) => toProgrammeRow(p, kind, lang))),
  });
}
