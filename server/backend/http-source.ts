import { jsonValuesWithin } from './json-budget';
import { describeFailure, fetchWithinOrigin, readCapped, startCall } from './limited-fetch';
import type { Source, SourceResult } from './source';

/** Responses larger than this are treated as a failure rather than buffered whole. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export interface HttpSourceOptions {
  /** Largest body accepted, in bytes (default 8 MB). Tests lower it to stay small. */
  maxBodyBytes?: number;
}

type Failed = Extract<SourceResult, { kind: 'failed' }>;
const failed = (reason: string): Failed => ({ kind: 'failed', reason });

/**
 * The university's backend over HTTP. Every call, body included, has a timeout and is aborted when
 * nobody waits for it any more; bodies are counted in bytes as they arrive and cut off at the limit, and
 * their JSON values counted before they are parsed (json-budget.ts); redirects are followed within the
 * backend's own origin only (server/backend/limited-fetch.ts).
 */
export function createHttpSource(baseUrl: string, timeoutMs: number, options: HttpSourceOptions = {}): Source {
  const base = baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  return {
    name: origin,
    mediaBase: `${base}/`,
    async fetchJson(path: string, signal: AbortSignal): Promise<SourceResult> {
      const call = startCall(signal, timeoutMs);
      try {
        return await request(new URL(base + path), maxBodyBytes, call.signal);
      } catch (error) {
        return failed(call.timedOut() ? 'timeout' : call.signal.aborted ? 'aborted' : describeFailure(error));
      } finally {
        call.end();
      }
    },
  };
}

async function request(url: URL, maxBodyBytes: number, signal: AbortSignal): Promise<SourceResult> {
  const response = await fetchWithinOrigin(url, { accept: 'application/json' }, signal);
  if (typeof response === 'string') return failed(response);
  if (response.status === 404) {
    await response.body?.cancel();
    return { kind: 'not-found' };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return failed(`HTTP ${response.status}`);
  }
  const bytes = await readCapped(response, maxBodyBytes);
  if (bytes === null) return failed('response too large');
  // The bytes are bounded; what parsing makes of them is bounded here (json-budget.ts).
  if (!jsonValuesWithin(bytes)) return failed('too many JSON values');
  try {
    return { kind: 'ok', json: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return failed('malformed JSON');
  }
}
