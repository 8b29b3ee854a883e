import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root: the nearest folder above this module holding package.json. The same code runs
 * from TypeScript sources (tests) and from the bundle in dist/server, so paths are never hard-coded
 * relative to the module.
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('package.json not found above ' + fileURLToPath(import.meta.url));
    dir = parent;
  }
  return dir;
}

export const ROOT = findRoot();
export const CONTENT_DIR = join(ROOT, 'content');
export const PUBLIC_DIR = join(ROOT, 'public');
export const CLIENT_DIST = join(ROOT, 'dist', 'client');
