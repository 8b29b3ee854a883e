import pino, { type Logger } from 'pino';
import type { Config } from './config';

/**
 * How many bytes of log lines may wait in memory for stdout. Lines are written asynchronously: a write
 * that blocks (a container runtime's log reader falling behind, a slow disk under a log file) would
 * otherwise hold the event loop, and every request with it. Past this bound a line is dropped and
 * counted (`droppedLogLines`, site_log_lines_dropped_total): a stalled reader costs log lines, never
 * the site or its memory. What waits is written out when the process exits (pino flushes on 'exit');
 * only SIGKILL loses it.
 */
const LOG_BUFFER_BYTES = 8 * 1024 * 1024;

let dropped = 0;

/** Log lines dropped because stdout did not take them in time (LOG_BUFFER_BYTES). */
export function droppedLogLines(): number {
  return dropped;
}

/** Structured JSON logs on stdout: one line per request, plus upstream trouble and errors. */
export function createLogger(level: Config['logLevel']): Logger {
  const options = { level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  // Nothing is ever written: no stream to open (tests make many of these).
  if (level === 'silent') return pino(options);
  const stdout = pino.destination({ dest: 1, sync: false, maxLength: LOG_BUFFER_BYTES });
  stdout.on('drop', () => dropped++);
  return pino(options, stdout);
}

export type { Logger };
