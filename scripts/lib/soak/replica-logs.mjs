/**
 * What the replicas' logs say about crashes: pino JSON lines on stdout (fatal ones, and any that
 * names an unhandled rejection or an uncaught exception) and Node's own crash reports on stderr
 * (each ends with a "Node.js v…" line). Error-level lines are counted by message and kept, bounded,
 * for the report's folder.
 */
import { createReadStream, existsSync } from 'node:fs';
import { createInterface } from 'node:readline';

const CRASH_WORDS = /unhandled ?rejection|uncaught ?exception|unhandledRejection|uncaughtException/i;
const KEPT_LINES = 2_000;
/** Times of failed backend calls kept (the goals read them); a run with more has bigger problems. */
const KEPT_UPSTREAM_FAILURES = 50_000;

async function* linesOf(file) {
  if (!existsSync(file)) return;
  yield* createInterface({ input: createReadStream(file), crlfDelay: Infinity });
}

/** Crash reports on stderr: each with its kind and its error line. */
async function stderrCrashes(file) {
  const crashes = [];
  let block = [];
  for await (const line of linesOf(file)) {
    block.push(line);
    if (!/^Node\.js v\d+/.test(line)) continue;
    const text = block.join('\n');
    const rejection = /fromPromise|UnhandledPromiseRejection|unhandled promise rejection/i.test(text);
    const error = block.find((l) => /^\[?\w*(Error|Exception|Rejection)\b/.test(l)) ?? block.find((l) => /^\w+.*:/.test(l)) ?? '';
    // Node prints an unhandled rejection of an Error just as it prints an uncaught exception.
    crashes.push({ kind: rejection ? 'unhandled rejection' : 'uncaught exception or unhandled rejection', error: error.slice(0, 300) });
    block = [];
  }
  const heap = block.some((l) => /heap out of memory/i.test(l));
  if (heap) crashes.push({ kind: 'out of memory', error: block.find((l) => /FATAL ERROR/.test(l)) ?? '' });
  return crashes;
}

/**
 * Lines a replica logs when the backend did not give it what a request needed: a call failed, data came
 * after the page's deadline, or the search catalogue a feed is made from was not made in time.
 */
const BACKEND_SHORTFALLS = new Set([
  'upstream call failed',
  'page data that came too late shown as unavailable',
  'document asked before the first search catalogue was made: 503',
]);

/**
 * `startedAt`: the run's clock origin (Date.now()). `upstreamFailures`: when (ms into the run) the
 * backend did not give the replica what it needed in time, whatever stopped it (a scheduled fault, or a
 * backend too slow on a busy machine): a page answered 503 then is degraded by design (goals.mjs).
 */
export async function readReplicaLog(stdoutFile, stderrFile, startedAt) {
  const result = { crashes: await stderrCrashes(stderrFile), errorsByMessage: {}, kept: [], lines: 0, upstreamFailures: [] };
  for await (const line of linesOf(stdoutFile)) {
    result.lines++;
    if (!line.startsWith('{')) continue;
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if (entry.level >= 60 || CRASH_WORDS.test(`${entry.msg ?? ''} ${entry.err?.type ?? ''}`)) {
      result.crashes.push({
        kind: entry.level >= 60 ? 'fatal log line' : 'logged crash',
        error: `${entry.msg ?? ''} ${entry.err?.message ?? ''}`.slice(0, 300),
      });
    }
    if (entry.level >= 50) {
      const key = (entry.msg ?? '(no message)').slice(0, 120);
      result.errorsByMessage[key] = (result.errorsByMessage[key] ?? 0) + 1;
    }
    if (entry.level >= 40 && result.kept.length < KEPT_LINES) result.kept.push(line.slice(0, 2_000));
    if (BACKEND_SHORTFALLS.has(entry.msg) && result.upstreamFailures.length < KEPT_UPSTREAM_FAILURES) {
      result.upstreamFailures.push(Date.parse(entry.time) - startedAt);
    }
  }
  return result;
}
