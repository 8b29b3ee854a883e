/**
 * `npm run generate`: every generator of the files the site bundles (media SVGs, the code-of-conduct
 * PDF, the charter and structure images, the women's committee .docx, the share image), one after the
 * other. Each writes the same bytes on every run, so CI runs this and fails when the result differs
 * from what is committed (a generator changed without its output, or the other way round).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const generators = readdirSync(here)
  .filter((file) => /^generate-.+\.mjs$/.test(file))
  .sort();
for (const file of generators) {
  const run = spawnSync(process.execPath, [join(here, file)], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) {
    console.error(`generate: ${file} failed (exit ${run.status})`);
    process.exit(1);
  }
  console.log(`generate: ${file}`);
}
