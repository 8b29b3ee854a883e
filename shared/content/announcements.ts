/**
 * The one announcement of /elonlar: the conference banner, made by
 * scripts/generate-banner.mjs, and its words per language. The alt text says everything the banner
 * says, so nothing is lost to someone who cannot see it; keep it in step with the script.
 */
import { withCyrillic } from '../cyrillic';
import type { Lang } from '../lang';

export const CONFERENCE_BANNER = {
  src: '/media/announcements/conference-2024.svg',
  width: 1200,
  height: 630,
  /** The conference day (Tashkent), for <time dateTime>. */
  date: '2024-12-18',
} as const;

export interface ConferenceText {
  kind: string;
  title: string;
  /** The date as written in the language (fixed text: the page formats no dates in the browser). */
  date: string;
  place: string;
  host: string;
  alt: string;
}

export const CONFERENCE_TEXT: Record<Lang, ConferenceText> = withCyrillic<ConferenceText>({
  uz: {
    kind: 'Xalqaro ilmiy-amaliy konferensiya',
    title: "Mintaqaviy iqtisodiyotning barqaror oʻsishi: muammolar va yechimlar",
    date: '18-dekabr, 2024',
    place: 'Samarqand',
    host: 'Zarafshon Texnologiya Universiteti',
    alt: "Banner: «Mintaqaviy iqtisodiyotning barqaror oʻsishi: muammolar va yechimlar» mavzusidagi xalqaro ilmiy-amaliy konferensiya, 18-dekabr, 2024, Samarqand. Tashkilotchi — Zarafshon Texnologiya Universiteti.",
  },
  ru: {
    kind: 'Международная научно-практическая конференция',
    title: 'Устойчивый рост региональной экономики: проблемы и решения',
    date: '18 декабря 2024 г.',
    place: 'Самарканд',
    host: 'Зарафшанский технологический университет',
    alt: 'Баннер: международная научно-практическая конференция «Устойчивый рост региональной экономики: проблемы и решения», 18 декабря 2024 г., Самарканд. Организатор — Зарафшанский технологический университет.',
  },
  en: {
    kind: 'International scientific and practical conference',
    title: 'Sustainable regional economic growth: challenges and solutions',
    date: 'December 18, 2024',
    place: 'Samarkand',
    host: 'Zarafshon University of Technology',
    alt: 'Banner: international scientific and practical conference “Sustainable regional economic growth: challenges and solutions”, December 18, 2024, Samarkand. Hosted by Zarafshon University of Technology.',
  },
});
