import type { Source, SourceResult } from './source';

/** Responses larger than this are treated as a failure rather than buffered whole. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * The university's backend over HTTP. Every call has a timeout (the original client had none) and
 * is aborted when nobody waits for it any more.
 */
export function createHttpSource(baseUrl: string, timeoutMs: number): Source {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: new URL(base).origin,
    mediaBase: `${base}/`,
    async fetchJson(path: string, signal: AbortSignal): Promise<SourceResult> {
      try {
        const response = await fetch(base + path, {
          headers: { accept: 'application/json' },
          redirect: 'follow',
          signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
        });
        if (response.status === 404) {
          await response.body?.cancel();
          return { kind: 'not-found' };
        }
        if (!response.ok) {
          await response.body?.cancel();
          return { kind: 'failed', reason: `HTTP ${response.status}` };
        }
        const declared = Number(response.headers.get('content-length') ?? 0);
        if (declared > MAX_BODY_BYTES) {
          await response.body?.cancel();
          return { kind: 'failed', reason: 'response too large' };
        }
        const text = await response.text();
        if (text.length > MAX_BODY_BYTES) return { kind: 'failed', reason: 'response too large' };
        return { kind: 'ok', json: JSON.parse(text) as unknown };
      } catch (error) {
        return { kind: 'failed', reason: describe(error) };
      }
    },
  };
}

function describe(error: unknown): string {
  if (error instanceof SyntaxError) return 'malformed JSON';
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'timeout';
    if (error.name === 'AbortError') return 'aborted';
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code ?? error.message;
  }
  return String(error);
}
