import type { Source, SourceResult } from './source';

/** Responses larger than this are treated as a failure rather than buffered whole. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

/**
 * Redirects are followed only within the backend's own origin (scheme, host and port), at most this
 * many hops: that keeps ordinary moves such as a trailing-slash redirect working, while a backend that
 * points elsewhere cannot make the server fetch (and trust as backend data) another host's content.
 */
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface HttpSourceOptions {
  /** Largest body accepted, in bytes (default 8 MB). Tests lower it to stay small. */
  maxBodyBytes?: number;
}

type Failed = Extract<SourceResult, { kind: 'failed' }>;
const failed = (reason: string): Failed => ({ kind: 'failed', reason });

/**
 * The university's backend over HTTP. Every call, body included, has a timeout and is aborted when
 * nobody waits for it any more; bodies are counted in bytes as they arrive and cut off at the limit.
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
        return await request(new URL(base + path), origin, maxBodyBytes, call.signal);
      } catch (error) {
        return failed(call.timedOut() ? 'timeout' : call.signal.aborted ? 'aborted' : describe(error));
      } finally {
        call.end();
      }
    },
  };
}

/**
 * One call's abort signal: the caller's signal or our own timer, whichever comes first. A timer we own
 * rather than AbortSignal.any([signal, AbortSignal.timeout()]), whose timeout can be garbage-collected
 * and never fire (nodejs/node#57736). `end` must run on every path: it clears the timer and removes our
 * listener from the caller's signal, which may be long-lived.
 */
function startCall(callerSignal: AbortSignal, timeoutMs: number) {
  const controller = new AbortController();
  const timeout = new DOMException(`backend call took longer than ${timeoutMs} ms`, 'TimeoutError');
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
  const onAbort = () => controller.abort(callerSignal.reason);
  if (callerSignal.aborted) onAbort();
  else callerSignal.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => controller.signal.reason === timeout,
    end() {
      clearTimeout(timer);
      callerSignal.removeEventListener('abort', onAbort);
    },
  };
}

async function request(url: URL, origin: string, maxBodyBytes: number, signal: AbortSignal): Promise<SourceResult> {
  const response = await fetchFollowingSameOrigin(url, origin, signal);
  if ('kind' in response) return response;
  if (response.status === 404) {
    await response.body?.cancel();
    return { kind: 'not-found' };
  }
  if (!response.ok || !response.body) {
    await response.body?.cancel();
    return failed(`HTTP ${response.status}`);
  }
  if (Number(response.headers.get('content-length') ?? 0) > maxBodyBytes) {
    await response.body.cancel();
    return failed('response too large');
  }
  const text = await readText(response.body, maxBodyBytes);
  if (text === null) return failed('response too large');
  try {
    return { kind: 'ok', json: JSON.parse(text) as unknown };
  } catch {
    return failed('malformed JSON');
  }
}

/** `redirect: 'manual'` so each hop's target is checked before anything is sent to it. */
async function fetchFollowingSameOrigin(url: URL, origin: string, signal: AbortSignal): Promise<Response | Failed> {
  for (let hops = 0; ; hops++) {
    const response = await fetch(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) return failed(`HTTP ${response.status} without location`);
    const next = new URL(location, url);
    if (next.origin !== origin) return failed(`redirect to another origin (${next.origin})`);
    if (hops === MAX_REDIRECTS) return failed('too many redirects');
    url = next;
  }
}

/**
 * The body as UTF-8 text, or null as soon as more than `maxBytes` bytes have arrived: cancelling the
 * stream closes the connection, so an oversized body is never buffered whole.
 */
async function readText(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string | null> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    if (bytes > maxBytes) {
      // Not awaited: the answer is already known, and the connection is torn down either way.
      reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(chunk.value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * What went wrong, for the logs. undici reports every network failure as "fetch failed" (or
 * "terminated" mid-body) and puts the system error in `cause`, sometimes nested or inside an
 * AggregateError (one per address tried), so the reason is dug out from there.
 */
function describe(error: unknown): string {
  const chain = causes(error);
  const system = chain.find((e): e is ErrorLike & { code: string } => typeof e.code === 'string' && /^E[A-Z0-9_]+$/.test(e.code));
  if (system) return system.code;
  const coded = chain.find((e): e is ErrorLike & { code: string } => typeof e.code === 'string');
  if (coded) return `${coded.message} (${coded.code})`;
  return chain.at(-1)?.message ?? String(error);
}

type ErrorLike = { code?: unknown; message: string };

/** The error and everything below it (`cause`, AggregateError's `errors`), outermost first. */
function causes(error: unknown, depth = 0): ErrorLike[] {
  if (depth > 8 || typeof error !== 'object' || error === null) return [];
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  // A thrown object that is no Error: its own toString (or "[object Object]") is all there is to log.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- see above
  const own: ErrorLike = { code: e.code, message: typeof e.message === 'string' ? e.message : String(error) };
  const nested = Array.isArray(e.errors) ? e.errors : [];
  return [own, ...nested.flatMap((n) => causes(n, depth + 1)), ...causes(e.cause, depth + 1)];
}
