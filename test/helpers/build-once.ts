import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Integration and browser tests run against the real client build (hashed assets, manifest), so the
 * suite builds it once before any test file starts. esbuild takes about a second.
 */
export default function setup(): void {
  const build = fileURLToPath(new URL('../../build.mjs', import.meta.url));
  const result = spawnSync(process.execPath, [build], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error('build failed');
}
