/**
 * `npm start`: run the production server from dist/, building first when the build is missing, so
 * that `npm ci && npm start` works on a fresh clone.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'dist', 'server', 'index.js');
const manifest = join(root, 'dist', 'client', 'manifest.json');

if (!existsSync(server) || !existsSync(manifest)) {
  console.log('No build found: building first (npm run build)…');
  const build = spawnSync(process.execPath, [join(root, 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(server);
