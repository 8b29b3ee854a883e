/**
 * Every island's module, loaded only on pages that have it (each is its own chunk). The key is the
 * name the server wrote (`data-island`); the table's type makes it list every name of
 * shared/islands/names.ts.
 */
import type { ComponentType } from 'react';
import type { IslandName } from '../shared/islands/names';

interface IslandModule {
  // Each island has its own props; the browser passes the JSON the server wrote for that island.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  default: { island: { name: IslandName; Component: ComponentType<any> } };
}

export const ISLANDS: Record<IslandName, () => Promise<IslandModule>> = {
  Header: () => import('../shared/islands/Header'),
  // The home page's widgets.
  ActionButton: () => import('../shared/islands/ActionButton'),
  AdmissionForm: () => import('../shared/islands/AdmissionForm'),
  HeroLoader: () => import('../shared/islands/HeroLoader'),
  HomeSlider: () => import('../shared/islands/HomeSlider'),
  SidePanels: () => import('../shared/islands/SidePanels'),
  VideoFacade: () => import('../shared/islands/VideoFacade'),
  // The page widgets (every page's but the home page's).
  MapFacade: () => import('../shared/islands/MapFacade'),
  Gallery: () => import('../shared/islands/Gallery'),
  MoreNews: () => import('../shared/islands/MoreNews'),
  VacancyBoard: () => import('../shared/islands/VacancyBoard'),
  BackLink: () => import('../shared/islands/BackLink'),
  DocumentViewer: () => import('../shared/islands/DocumentViewer'),
  DocumentForm: () => import('../shared/islands/DocumentForm'),
  ScrollReveal: () => import('../shared/islands/ScrollReveal'),
};
