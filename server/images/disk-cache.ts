/**
 * Encoded variants on disk, in one directory bounded in bytes, least recently used out first. The
 * index lives in memory and is rebuilt from the directory (file names and modification times) the
 * first time it is needed, so a restart keeps the variants. A hit moves an entry to the recent end and,
 * at most hourly per file, sets the file's mtime, which orders the rebuilt index. Files are written to
 * a temporary name and renamed, so a crash never leaves a half-written variant under a real name.
 * One process per directory: two would each keep their own index of it (cache-dir.ts sees to that).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { boundedMap, type BoundedMap } from '../bounded';
import type { Logger } from '../logger';
import { privateCacheDir } from './cache-dir';
import type { Encoded } from './encoder';

export interface Variant {
  body: Buffer;
  /** Strong entity tag, quoted: a hash of the bytes. */
  etag: string;
  contentType: string;
}

interface Entry {
  file: string;
  size: number;
  etag: string;
  contentType: string;
  touchedAt: number;
}

const CONTENT_TYPES: Record<string, string> = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };
/**
 * `<key>.<etag>.<ext>`, where a key is `<version>.<size>.<target>` (urls.ts and variants.ts make them)
 * and a size is a width or the share crop's `og` (formats.ts SHARE).
 */
const FILE_NAME = /^([\w-]{16}\.(?:\d+|og)\.(?:avif|webp|legacy))\.([\w-]{16})\.(avif|webp|jpg|png)$/;
const TEMP_PREFIX = '.tmp-';
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export class DiskCache {
  /** Least recently used out first (server/bounded.ts); an entry evicted has its file deleted. */
  private readonly index: BoundedMap<string, Entry>;
  /** Files of evicted entries being deleted: `put` and the scan wait for them. */
  private removals: Array<Promise<void>> = [];
  private ready: Promise<boolean> | null = null;

  /**
   * `dir` null: a private directory (cache-dir.ts), made when the cache is first used. `maxBytes`
   * bounds the bytes of the variants in it.
   */
  constructor(
    private dir: string | null,
    readonly maxBytes: number,
    private readonly logger: Logger,
  ) {
    this.index = boundedMap<string, Entry>({ size: maxBytes, sizeOf: (entry) => entry.size }, { onEvict: (entry) => this.remove(entry.file) });
  }

  get stats(): { files: number; bytes: number } {
    return { files: this.index.size, bytes: this.index.calculatedSize };
  }

  /** Where the variants are, once the cache was first used. */
  get directory(): string | null {
    return this.dir;
  }

  async get(key: string): Promise<Variant | null> {
    if (!(await this.open())) return null;
    const entry = this.index.get(key);
    if (!entry) return null;
    let body: Buffer;
    try {
      body = await readFile(this.path(entry.file));
    } catch {
      // Deleted behind our back (or evicted while we read): a miss, made again.
      this.forget(key, entry);
      return null;
    }
    const now = Date.now();
    if (now - entry.touchedAt > TOUCH_EVERY_MS) {
      entry.touchedAt = now;
      utimes(this.path(entry.file), now / 1000, now / 1000).catch(() => undefined);
    }
    return { body, etag: `"${entry.etag}"`, contentType: entry.contentType };
  }

  /** Stores a variant; a failure to write is logged and costs only the next request an encode. */
  async put(key: string, encoded: Encoded, etag: string): Promise<void> {
    const size = encoded.bytes.length;
    if (size > this.maxBytes || !(await this.open())) return;
    const file = `${key}.${etag}.${encoded.ext}`;
    const temp = this.path(`${TEMP_PREFIX}${randomUUID()}`);
    try {
      await writeFile(temp, encoded.bytes);
      await rename(temp, this.path(file));
    } catch (error) {
      this.logger.warn({ err: error, dir: this.dir }, 'image cache: cannot write a variant');
      await unlink(temp).catch(() => undefined);
      return;
    }
    const old = this.index.peek(key);
    if (old) this.forget(key, old, old.file !== file);
    this.add(key, { file, size, etag, contentType: encoded.contentType, touchedAt: Date.now() });
    await this.removed();
  }

  private path(name: string): string {
    return join(this.dir!, name);
  }

  /** Indexes a file, evicting what it takes; a file larger than the whole bound is deleted instead. */
  private add(key: string, entry: Entry): void {
    if (entry.size > this.maxBytes) this.remove(entry.file);
    else this.index.set(key, entry);
  }

  private forget(key: string, entry: Entry, removeFile = false): void {
    if (this.index.peek(key) !== entry) return;
    this.index.delete(key);
    if (removeFile) unlink(this.path(entry.file)).catch(() => undefined);
  }

  private remove(file: string): void {
    this.removals.push(unlink(this.path(file)).catch(() => undefined));
  }

  private async removed(): Promise<void> {
    await Promise.all(this.removals.splice(0));
  }

  /** The directory and its index, made once; false (logged) when the directory cannot be used. */
  private open(): Promise<boolean> {
    this.ready ??= this.scan().then(
      () => true,
      (error: unknown) => {
        this.logger.warn({ err: error, dir: this.dir }, 'image cache: directory unusable, variants are made on every request');
        return false;
      },
    );
    return this.ready;
  }

  private async scan(): Promise<void> {
    this.dir ??= privateCacheDir(this.logger);
    await mkdir(this.dir, { recursive: true });
    const found: Array<[string, Entry]> = [];
    for (const name of await readdir(this.dir)) {
      // A temporary file is a write that a crash interrupted.
      if (name.startsWith(TEMP_PREFIX)) await unlink(this.path(name)).catch(() => undefined);
      const match = FILE_NAME.exec(name);
      if (!match) continue;
      const info = await stat(this.path(name)).catch(() => null);
      if (!info?.isFile()) continue;
      found.push([match[1]!, { file: name, size: info.size, etag: match[2]!, contentType: CONTENT_TYPES[match[3]!]!, touchedAt: info.mtimeMs }]);
    }
    found.sort((a, b) => a[1].touchedAt - b[1].touchedAt);
    for (const [key, entry] of found) {
      // Two files for one key (an interrupted replacement): the newer wins.
      const old = this.index.peek(key);
      if (old) this.forget(key, old, true);
      this.add(key, entry);
    }
    await this.removed();
  }
}
