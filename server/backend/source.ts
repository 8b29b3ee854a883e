/**
 * Where backend JSON comes from. The real backend over HTTP and the embedded demo content implement the
 * same interface, so "BACKEND_URL unset" is just another source behind the same cache.
 */
export type SourceResult = { kind: 'ok'; json: unknown } | { kind: 'not-found' } | { kind: 'failed'; reason: string };

export interface Source {
  /** For logs and /healthz: 'embedded' or the backend origin. */
  readonly name: string;
  /** Origin that relative media URLs in responses are relative to ('' = this site). */
  readonly mediaBase: string;
  /** Overrides `mediaBase` for paths another source answers (see createSource). */
  mediaBaseFor?(path: string): string;
  fetchJson(path: string, signal: AbortSignal): Promise<SourceResult>;
}
