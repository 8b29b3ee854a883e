/**
 * Prints what the uz-cyrl rendition adds to a cold fill of the data cache (scripts/lib/cyrillic-cost.ts).
 *   npm run bench:cyrillic
 */
import { withBundled } from './lib/bundled.mjs';

console.log(await withBundled('cyrillic-cost', (module) => module.cyrillicCost()));
process.exit(0);
