/**
 * Business constants and limits (docs/behaviour.md says what each does). Every timing, threshold and
 * count the site uses lives here so that a change of behaviour is a change to one line.
 */

/** Client-side timings, in milliseconds. */
export const LANGUAGE_SWITCH_DELAY_MS = 1000;
export const LOADER_STEP_MS = 100;
export const LOADER_TARGET_PERCENT = 100;
export const SPLASH_MS = 3100;
export const ROUTE_FADE_MS = 300;
export const VACANCY_STAGGER_MS = 100;
export const ACTION_BUTTON_DELAY_MS = 1000;

/** Scroll thresholds, in pixels. */
export const HEADER_SCROLL_SMALL_PX = 40;
export const HEADER_SCROLL_LARGE_PX = 460;
export const ORANGE_HEADING_FIRST = { basePx: 4200, perItemPx: 200 } as const;
export const ORANGE_HEADING_SECOND = { basePx: 8800, perItemPx: 65 } as const;

/** Slider autoplay, in milliseconds. */
export const IMAGE_SLIDER_AUTOPLAY_MS = 2000;
export const PARTNERS_AUTOPLAY_MS = 1000;

/**
 * Home sliders: slides per view and gap (px) from a minimum viewport width up, the
 * way Swiper's `breakpoints` read. shared/styles/home.css mirrors these tables so the server markup
 * already has Swiper's geometry (no layout shift); test/unit/home-sliders.test.ts keeps them in step.
 */
export interface SliderLayout {
  slidesPerView: number;
  spaceBetween: number;
}
export interface SliderConfig extends SliderLayout {
  centered: boolean;
  breakpoints: Record<number, SliderLayout>;
}
/** 1.5 centred slides; 320 px: 1.2 (gap 10); 640 px: 1.5 (gap 20); 1024 px: 5.5 (gap 30). */
export const IMAGE_SLIDER: SliderConfig = {
  slidesPerView: 1.5,
  spaceBetween: 0,
  centered: true,
  breakpoints: {
    320: { slidesPerView: 1.2, spaceBetween: 10 },
    640: { slidesPerView: 1.5, spaceBetween: 20 },
    1024: { slidesPerView: 5.5, spaceBetween: 30 },
  },
};
/** 3 slides by default, 1 below 640 px, 2 from 768 px, 7 from 1024 px. */
export const PARTNERS_SLIDER: SliderConfig = {
  slidesPerView: 1,
  spaceBetween: 0,
  centered: false,
  breakpoints: {
    640: { slidesPerView: 3, spaceBetween: 0 },
    768: { slidesPerView: 2, spaceBetween: 0 },
    1024: { slidesPerView: 7, spaceBetween: 0 },
  },
};
/**
 * Our own bound: the home loading screen never stays longer than this, even if a
 * hero image neither loads nor fails.
 */
export const HOME_LOADER_MAX_MS = 8000;

/** Text and list limits. */
export const NEWS_TITLE_MAX_CHARS = 100;
export const MORE_NEWS_COUNT = 5;
export const ARTICLE_PREVIEW_CHARS = 299;
export const HOME_LATEST_NEWS_COUNT = 3;

/** Counts the site shows. */
export const STUDY_FIELD_COUNT = 19;
export const STRUCTURE_NAV_ITEMS = 8;
export const STRUCTURE_NAV_DEFAULT_ID = 8;
export const LEGAL_DOCUMENT_COUNT = 10;
export const SAMPLE_VACANCY_COUNT = 5;
export const DORMITORY_IMAGE_COUNT = 5;
export const CLUB_IMAGE_COUNT = 4;
export const CHARTER_PAGE_COUNT = 10;

/** The frame of the code-of-conduct PDF on /rulesEtika is 1000 px tall. */
export const CODE_OF_CONDUCT_FRAME_HEIGHT_PX = 1000;

/** The home page's statistics are fixed. */
export const HOME_STATS = { teachers: 180, studyAreas: 40, students: 7124 } as const;

/** Study and contact facts. */
export const FULL_TIME_STUDY_YEARS = 4;
export const WORKING_HOURS = { from: '9:00', to: '18:00' } as const;

/** Admission mock form: birth date bounds. */
export const BIRTH_DATE_MIN = '1900-01-01';
export const BIRTH_DATE_MAX = '2024-12-31';

/** Embedded backend paging (Django REST style, as the real backend pages news). */
export const NEWS_PAGE_SIZE = 10;

/**
 * How long a loader may wait for upstream data before the server flushes the page shell and streams
 * the content behind a Suspense boundary (docs/architecture.md, "Decisions and why").
 */
export const LOADER_HEAD_START_MS = 100;

/**
 * How long a streamed page waits for data still on the way, from the request: then that data is shown as
 * unavailable and the page ends (server/loaders.ts).
 */
export const STREAM_TIMEOUT_MS = 5000;

/**
 * How long a crawler's page waits for its data (a crawler gets the whole page, not a stream): then the
 * data still missing is given up and the page answered as it is, a 503 with Retry-After when its main
 * data is missing, so that the crawler comes back. It ends before the proxy in front gives up
 * (deploy/nginx.conf, proxy_read_timeout 30 s): nginx counts a timed-out replica as down and sends the
 * request on, so one slow crawler page during a rolling restart left nginx with no replica at all.
 */
export const CRAWLER_WAIT_MS = 20_000;

/** The time zone dates are formatted in, on the server, for every language. */
export const TIME_ZONE = 'Asia/Tashkent';

/** Site search and feeds. */
export const SEARCH_QUERY_MAX_CHARS = 200;
/**
 * Twenty, as most site searches show ten to twenty: on a phone fifty results with excerpts made a page
 * of some 20 screens, and its render cost (each result's words marked) grew with them.
 */
export const SEARCH_RESULTS_PER_PAGE = 20;
export const SEARCH_EXCERPT_CHARS = 180;
export const FEED_ITEM_COUNT = 20;
/** Link-preview descriptions (og:description) cut from an item's text. */
export const PREVIEW_DESCRIPTION_CHARS = 200;
