/**
 * The build a replica runs, as a short hash: the second level's entries are namespaced by it, so
 * replicas of two builds during a rolling deploy never read each other's parsed data (whose shape
 * may differ). BUILD_ID overrides it (a CI pipeline's commit id, say).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Manifest } from '../assets';

export function buildId(manifest: Manifest, env: Record<string, string | undefined> = process.env): string {
  const given = env.BUILD_ID?.trim();
  if (given) return given.replace(/[^\w.-]/g, '_').slice(0, 64);
  const hash = createHash('sha256').update(JSON.stringify(manifest));
  // The server's own code, parsers included (built, this module is inside dist/server/index.js), and the
  // sanitiser thread's script beside it, which writes the rich text the entries hold.
  for (const file of [import.meta.url, new URL('./sanitize-worker.mjs', import.meta.url).href]) {
    try {
      hash.update(readFileSync(fileURLToPath(file)));
    } catch {
      // Not a readable file (run from the sources): the rest names the build.
    }
  }
  return hash.digest('base64url').slice(0, 12);
}
