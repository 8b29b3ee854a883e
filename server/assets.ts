/**
 * The client build's manifest (written by build.mjs): hashed URLs of the entry, its CSS and each
 * page's chunks, so the server can write <script>/<link> tags and modulepreload hints per page.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assets } from '../shared/app-context';
import { CLIENT_DIST } from './paths';

export interface Manifest {
  entry: string;
  css: string[];
  /** Chunks (JS) and stylesheets per page id (the page module's file name). */
  pages: Record<string, { js: string[]; css: string[] }>;
  /** The dictionary chunk of each language (the language root route's id). */
  dicts: Record<string, string[]>;
}

export function readManifest(dir = CLIENT_DIST): Manifest {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`The client build is missing (${file}). Run "npm run build" first.`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/** Per-page assets in a language, computed once per pair. */
export function createAssetResolver(manifest: Manifest): (pageId: string | null, lang: string) => Assets {
  const cache = new Map<string, Assets>();
  return (pageId, lang) => {
    const key = `${lang}:${pageId}`;
    let assets = cache.get(key);
    if (!assets) {
      const page = pageId ? manifest.pages[pageId] : undefined;
      assets = {
        entry: manifest.entry,
        css: [...manifest.css, ...(page?.css ?? [])],
        preload: [...new Set([...(manifest.dicts?.[lang] ?? []), ...(page?.js ?? [])])],
      };
      cache.set(key, assets);
    }
    return assets;
  };
}
