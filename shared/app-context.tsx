/**
 * Per-render facts the app needs that are not route data: the public origin (for canonical and
 * hreflang) and the hashed asset URLs. The server builds it per request.
 */
import { createContext, useContext } from 'react';
import { useMatches } from 'react-router';
import { DEFAULT_DISPLAY, type DisplaySettings } from './display';
import { dict, type Dict } from './i18n';
import { DEFAULT_LANG, isLang, type Lang } from './lang';

export interface Assets {
  /** The client entry module. */
  entry: string;
  /** Stylesheets every page needs. */
  css: string[];
  /** Each island's chunks (the island's module and what it imports), preloaded where it is rendered. */
  islands: Record<string, readonly string[]>;
}

export interface AppInfo {
  siteUrl: string;
  assets: Assets;
  /** The visitor's display settings the page is rendered in (the server reads its cookie). */
  display: DisplaySettings;
  /** RUM_SAMPLE: the share of page views whose field Web Vitals the browser measures. */
  rumSample: number;
}

export const AppContext = createContext<AppInfo | null>(null);

export function useApp(): AppInfo {
  const app = useContext(AppContext);
  if (!app) throw new Error('AppContext missing');
  return app;
}

/** The display settings of the page (the defaults where no app is around, e.g. a widget rendered on its own). */
export function useDisplay(): DisplaySettings {
  return useContext(AppContext)?.display ?? DEFAULT_DISPLAY;
}

/** The page's language, from the language root route the URL matched: read once, by <Document>. */
export function useRouteLang(): Lang {
  const lang = (useMatches()[0]?.handle as { lang?: string } | undefined)?.lang;
  return isLang(lang) ? lang : DEFAULT_LANG;
}

/**
 * The language, handed down by <Document>. Every link and label asks for it: reading the route
 * matches each time (useMatches maps them to new objects per call) would be a visible part of a
 * render with 150 links.
 */
export const LangContext = createContext<Lang | null>(null);

export function useLang(): Lang {
  const lang = useContext(LangContext);
  if (!lang) throw new Error('LangContext missing: useLang() is for components inside <Document>');
  return lang;
}

export function useT(): Dict {
  return dict(useLang());
}
