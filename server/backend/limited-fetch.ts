/**
 * The limits every outgoing HTTP call of the server obeys, shared by the backend's JSON calls
 * (http-source.ts) and the image endpoint's source downloads (server/images/sources.ts): a timeout
 * that covers the body, redirects followed only within one origin, bodies counted in bytes as they
 * arrive and cut off at a limit, and failure reasons that say what happened.
 */

/**
 * Redirects are followed only within the called origin (scheme, host and port), at most this many
 * hops: that keeps ordinary moves such as a trailing-slash redirect working, while a server that
 * points elsewhere cannot make us fetch (and trust) another host's content.
 */
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * One call's abort signal: the caller's signal (if any) or our own timer, whichever comes first. A
 * timer we own rather than AbortSignal.any([signal, AbortSignal.timeout()]), whose timeout can be
 * garbage-collected and never fire (nodejs/node#57736). `end` must run on every path: it clears the
 * timer and removes our listener from the caller's signal, which may be long-lived.
 */
export function startCall(callerSignal: AbortSignal | null, timeoutMs: number) {
  const controller = new AbortController();
  const timeout = new DOMException(`call took longer than ${timeoutMs} ms`, 'TimeoutError');
  const timer = setTimeout(() => controller.abort(timeout), timeoutMs);
  const onAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onAbort();
  else callerSignal?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => controller.signal.reason === timeout,
    end() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * `fetch` with `redirect: 'manual'`, so that each hop's target is checked before anything is sent to
 * it: a redirect to another origin (http → https included) or too many hops is a failure (a string
 * saying which).
 */
export async function fetchWithinOrigin(url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<Response | string> {
  const { origin } = url;
  for (let hops = 0; ; hops++) {
    const response = await fetch(url, { headers, redirect: 'manual', signal });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (!location) return `HTTP ${response.status} without location`;
    const next = new URL(location, url);
    if (next.origin !== origin) return `redirect to another origin (${next.origin})`;
    if (hops === MAX_REDIRECTS) return 'too many redirects';
    url = next;
  }
}

/**
 * The body's bytes, or null as soon as more than `maxBytes` have arrived (or Content-Length says
 * they will): cancelling the stream closes the connection, so an oversized body is never buffered whole.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  const body = response.body;
  if (!body) return Buffer.alloc(0);
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await body.cancel();
    return null;
  }
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    if (bytes > maxBytes) {
      // Not awaited: the answer is already known, and the connection is torn down either way.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks, bytes);
}

/**
 * What went wrong, for the logs. undici reports every network failure as "fetch failed" (or
 * "terminated" mid-body) and puts the system error in `cause`, sometimes nested or inside an
 * AggregateError (one per address tried), so the reason is dug out from there.
 */
export function describeFailure(error: unknown): string {
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
