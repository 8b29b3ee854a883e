/** The islands a page can have; client/islands.ts maps each to its module. */
export const ISLAND_NAMES = [
  'Header',
  // The home page's widgets.
  'ActionButton',
  'AdmissionForm',
  'HeroLoader',
  'HomeSlider',
  'SidePanels',
  'VideoFacade',
  // The page widgets (every page's but the home page's).
  'MapFacade',
  'Gallery',
  'MoreNews',
  'VacancyBoard',
  'BackLink',
  'DocumentViewer',
  'DocumentForm',
  'ScrollReveal',
] as const;
export type IslandName = (typeof ISLAND_NAMES)[number];

export function isIslandName(value: unknown): value is IslandName {
  return typeof value === 'string' && (ISLAND_NAMES as readonly string[]).includes(value);
}
