import pino, { type Logger } from 'pino';
import type { Config } from './config';

/** Structured JSON logs on stdout: one line per request, plus upstream trouble and errors. */
export function createLogger(level: Config['logLevel']): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

export type { Logger };
