/**
 * nginx's access log in the soak format (./nginx.mjs): every answer through nginx with its time, read
 * once at the end, line by line. Gives answers by status, the rate per second, and every 5xx.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

const LINE = /^(\d+\.\d+) (\d{3}) "([^"]*)" "([^"]*)"$/;
/** Every 5xx is listed; past this many, only counted (a broken run would list millions). */
const MAX_LISTED = 2_000;

/** `startedAt`: the run's clock origin (Date.now()), so times read as seconds into the run. */
export async function readAccessLog(file, startedAt) {
  const result = { total: 0, byStatus: {}, perSecond: new Map(), errors: [], unlisted: 0 };
  if (!existsSync(file)) return result;
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, time, status, upstream, path] = match;
    const second = Math.floor(Number(time) - startedAt / 1000);
    result.total++;
    result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
    const bucket = result.perSecond.get(second) ?? { all: 0, errors: 0 };
    bucket.all++;
    if (status >= '500') {
      bucket.errors++;
      if (result.errors.length < MAX_LISTED)
        result.errors.push({ atS: Number(time) - startedAt / 1000, status: Number(status), upstream, path: path.slice(0, 160) });
      else result.unlisted++;
    }
    result.perSecond.set(second, bucket);
  }
  return result;
}
