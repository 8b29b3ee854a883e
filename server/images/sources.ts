/**
 * Where a source image may come from, and getting its bytes: the backend's origin and MEDIA_ORIGINS
 * over HTTP (with the limits of every outgoing call: timeout over the body, same-origin redirects, a
 * byte cap), and the site's own /media/ files from public/ on disk. Anything else is not fetched.
 */
import { readFile, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { describeFailure, fetchWithinOrigin, readCapped, startCall } from '../backend/limited-fetch';
import type { FallbackReason } from './refused';

/** Larger sources are abandoned as they arrive (a camera JPEG is 2-6 MB). */
export const MAX_SOURCE_BYTES = 25 * 1024 * 1024;

/** The source's validators, kept to ask it cheaply whether it changed (a conditional GET). */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type Fetched =
  | { kind: 'ok'; bytes: Buffer; validators: Validators }
  | { kind: 'unchanged' }
  /**
   * `gone`: the source answered 404 or 410 (or the file is missing), not a passing failure. `reason`
   * is the detail for the log; `category` what the public may be told.
   */
  | { kind: 'failed'; reason: string; category: FallbackReason; gone: boolean };

type Located = { file: string } | { url: URL };

const TOO_LARGE: Fetched = { kind: 'failed', reason: 'source too large', category: 'too-large', gone: false };

export interface SourceOptions {
  /** Origins fetched over HTTP: the backend's and MEDIA_ORIGINS. */
  origins: string[];
  publicDir: string;
  timeoutMs: number;
}

export class Sources {
  private readonly origins: ReadonlySet<string>;
  private readonly mediaDir: string;

  constructor(private readonly options: SourceOptions) {
    this.origins = new Set(options.origins);
    this.mediaDir = join(options.publicDir, 'media') + sep;
  }

  /** Whether the endpoint may fetch `source` at all. */
  allowed(source: string): boolean {
    return this.locate(source) !== null;
  }

  /** With `validators`, a source that did not change answers `unchanged` without its body. */
  async fetch(source: string, validators: Validators = {}): Promise<Fetched> {
    const located = this.locate(source);
    if (!located) return { kind: 'failed', reason: 'source not allowed', category: 'not-allowed', gone: true };
    return 'file' in located ? this.read(located.file) : this.download(located.url, validators);
  }

  /** A site path under /media/ (as parse.ts gives bundled images), or an http(s) URL on an allowed origin. */
  private locate(source: string): Located | null {
    if (source.startsWith('/') && !source.startsWith('//')) {
      let path: string;
      try {
        // Resolved as a browser would ('..' and encoded characters), then checked to stay in public/media.
        path = decodeURIComponent(new URL(source, 'http://site.invalid').pathname);
      } catch {
        return null;
      }
      const file = join(this.options.publicDir, path);
      return file.startsWith(this.mediaDir) ? { file } : null;
    }
    let url: URL;
    try {
      url = new URL(source);
    } catch {
      return null;
    }
    if (url.username || url.password || !this.origins.has(url.origin)) return null;
    return { url };
  }

  private async read(file: string): Promise<Fetched> {
    try {
      if ((await stat(file)).size > MAX_SOURCE_BYTES) return TOO_LARGE;
      return { kind: 'ok', bytes: await readFile(file), validators: {} };
    } catch (error) {
      return { kind: 'failed', reason: describeFailure(error), category: 'missing', gone: true };
    }
  }

  private async download(url: URL, validators: Validators): Promise<Fetched> {
    const headers: Record<string, string> = { accept: 'image/avif,image/webp,image/*;q=0.8' };
    if (validators.etag) headers['if-none-match'] = validators.etag;
    if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
    const call = startCall(null, this.options.timeoutMs);
    try {
      const response = await fetchWithinOrigin(url, headers, call.signal);
      if (typeof response === 'string') return { kind: 'failed', reason: response, category: 'unreachable', gone: false };
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: 'unchanged' };
      }
      if (!response.ok) {
        await response.body?.cancel();
        const gone = response.status === 404 || response.status === 410;
        return { kind: 'failed', reason: `HTTP ${response.status}`, category: gone ? 'missing' : 'unreachable', gone };
      }
      const bytes = await readCapped(response, MAX_SOURCE_BYTES);
      if (!bytes) return TOO_LARGE;
      const etag = response.headers.get('etag') ?? undefined;
      const lastModified = response.headers.get('last-modified') ?? undefined;
      return { kind: 'ok', bytes, validators: { etag, lastModified } };
    } catch (error) {
      return { kind: 'failed', reason: call.timedOut() ? 'timeout' : describeFailure(error), category: 'unreachable', gone: false };
    } finally {
      call.end();
    }
  }
}
