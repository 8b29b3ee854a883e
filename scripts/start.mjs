/**
 * `npm start`: run the production server from dist/, building first when dist/ is missing, older than
 * the sources or made by `npm run dev` (scripts/lib/build-freshness.mjs), so that `npm ci && npm start`
 * works on a fresh clone and never serves yesterday's code after a pull. Where only dist/ is installed
 * (no sources), dist/ is served as it is.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleReason } from './lib/build-freshness.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'dist', 'server', 'index.js');

const reason = staleReason(root);
if (reason) {
  console.log(`${reason}: rebuilding (npm run build)…`);
  const build = spawnSync(process.execPath, [join(root, 'build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(server);
