/**
 * One image cache directory belongs to one process at a time. A process counts only the bytes it
 * wrote itself and deletes what its own index says is old, so two processes on one directory would
 * fill it to twice its bound and delete each other's files.
 *
 * IMAGE_CACHE_DIR is claimed at start with a lock file naming the process (`.owner`, its pid). A lock
 * whose process is gone (a crash, a SIGKILL) is taken over; one naming this very process is taken too
 * (another app in the same process, or a container's PID 1 after a restart). A directory another live
 * process holds is not shared: the second process logs an error naming IMAGE_CACHE_DIR and keeps its
 * variants in a private directory instead. It does not refuse to start: a cache is worth less than a
 * replica, and a deploy that starts the new process before the old one exits would otherwise lose it.
 *
 * Unset, each process gets a private directory in the temp dir (a random name, mode 0700, removed when
 * the process exits; those of processes that died without removing theirs are removed by the next
 * one that makes its own). Variants then last as long as the process: set IMAGE_CACHE_DIR to keep them.
 */
import { linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '../logger';

export const OWNER_FILE = '.owner';
const PRIVATE_PREFIX = 'ztu-site-images-';

/** What this process holds: lock files and private directories, given back when it exits. */
const heldLocks = new Set<string>();
const privateDirs = new Set<string>();
let cleanupOnExit = false;
let sweptLeftovers = false;

export interface ClaimedDir {
  /** Null: the variants go to a private directory made when the first one is stored (privateCacheDir). */
  dir: string | null;
  /** IMAGE_CACHE_DIR was held by another live process: this one went private instead (for /metrics). */
  conflict: boolean;
}

/** Claims IMAGE_CACHE_DIR (null: unset) for this process at start. */
export function claimCacheDir(configured: string | null, logger: Logger): ClaimedDir {
  if (!configured) return { dir: null, conflict: false };
  let holder: number | null;
  try {
    holder = lock(configured);
  } catch (error) {
    logger.error({ err: error, dir: configured }, 'IMAGE_CACHE_DIR cannot be locked: this process keeps its image variants in a private directory');
    return { dir: null, conflict: false };
  }
  if (holder === null) return { dir: configured, conflict: false };
  logger.error(
    { dir: configured, holder },
    `IMAGE_CACHE_DIR ${configured} is in use by process ${holder}: this process keeps its image variants in a private directory instead; give each process its own IMAGE_CACHE_DIR`,
  );
  return { dir: null, conflict: true };
}

/** A new private directory for this process's variants, locked, and removed when the process exits. */
export function privateCacheDir(logger: Logger): string {
  removeLeftovers();
  const dir = mkdtempSync(join(tmpdir(), PRIVATE_PREFIX));
  lock(dir);
  privateDirs.add(dir);
  logger.info({ dir }, 'image cache: a private directory (IMAGE_CACHE_DIR unset or taken), removed when the process exits');
  return dir;
}

/** Null when this process now holds `dir`; otherwise the pid of the live process that does. */
function lock(dir: string): number | null {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, OWNER_FILE);
  // Written whole under another name and linked into place: a reader never sees a half-written lock,
  // and link, unlike rename, fails when the lock exists.
  const draft = join(dir, `${OWNER_FILE}.${process.pid}`);
  writeFileSync(draft, `${process.pid}\n`);
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, file);
        hold(file);
        return null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = ownerOf(file);
      if (holder === process.pid) {
        hold(file);
        return null;
      }
      if (holder !== null && alive(holder)) return holder;
      // The lock of a process that is gone: taken over.
      rmSync(file, { force: true });
    }
    throw new Error(`${file} keeps coming back`);
  } finally {
    rmSync(draft, { force: true });
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds it, alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function hold(file: string): void {
  heldLocks.add(file);
  if (cleanupOnExit) return;
  cleanupOnExit = true;
  process.on('exit', () => {
    for (const dir of privateDirs) rmSync(dir, { recursive: true, force: true });
    for (const lockFile of heldLocks) if (ownerOf(lockFile) === process.pid) rmSync(lockFile, { force: true });
  });
}

/** Private directories of processes that died without removing them (a lock naming a dead process). */
function removeLeftovers(): void {
  if (sweptLeftovers) return;
  sweptLeftovers = true;
  let names: string[];
  try {
    names = readdirSync(tmpdir());
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(PRIVATE_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    // No lock yet: a process is making it right now.
    const holder = ownerOf(join(dir, OWNER_FILE));
    if (holder !== null && holder !== process.pid && !alive(holder)) rmSync(dir, { recursive: true, force: true });
  }
}
