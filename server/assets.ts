/**
 * The client build's manifest (written by build.mjs): hashed URLs of the entry, the stylesheets and
 * each island's chunks, so the server can write <script>/<link> tags and modulepreload hints.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assets } from '../shared/app-context';
import { CLIENT_DIST } from './paths';

export interface Manifest {
  entry: string;
  css: string[];
  /** The chunks that hydrate an island (React DOM's client), needed by every island. */
  hydrate: string[];
  /** Each island's own chunks (its module and what it imports), by island name. */
  islands: Record<string, string[]>;
}

export function readManifest(dir = CLIENT_DIST): Manifest {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) {
    throw new Error(`The client build is missing (${file}). Run "npm run build" first.`);
  }
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

/**
 * The same assets for every page: a page preloads an island's chunks where it renders that island
 * (shared/islands/island.tsx), so what a page loads follows from what it shows.
 */
export function assetsOf(manifest: Manifest): Assets {
  const islands = Object.fromEntries(Object.entries(manifest.islands).map(([name, chunks]) => [name, [...new Set([...manifest.hydrate, ...chunks])]]));
  return { entry: manifest.entry, css: manifest.css, islands };
}
