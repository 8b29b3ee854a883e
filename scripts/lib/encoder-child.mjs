/**
 * One image encoder process (server/images/encoder-process.mjs) started as the server starts it, for the
 * measuring scripts: `ask(job)` sends a job and resolves with its result (rejects with the reply when
 * the job was refused or failed), `memory()` reads the process's memory from /proc (Linux only).
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './site-process.mjs';

const SCRIPT = join(root, 'server', 'images', 'encoder-process.mjs');
/** The link-preview crop's size (shared/seo.ts SHARE_CROP). */
export const SHARE_CROP = { width: 1200, height: 630 };

/** @param {Record<string, string>} env added to this process's own */
export async function startEncoder(env = {}) {
  const child = fork(SCRIPT, [], {
    execArgv: ['--max-old-space-size=64'],
    env: { ...process.env, ...env },
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const replies = new Map();
  child.on('message', (reply) => replies.get(reply.id)?.(reply));
  await new Promise((resolve) => child.once('message', resolve));
  const pid = /** @type {number} */ (child.pid);
  return {
    pid,
    /** @param {object} job */
    ask: (job) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        replies.set(id, (reply) => ('result' in reply ? resolve(reply.result) : reject(new Error(JSON.stringify(reply)))));
        child.send({ id, ...job });
      }),
    /** Resident (VmRSS), its peak (VmHWM) and its own, anonymous part (RssAnon), in MB. */
    memory() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const mb = (/** @type {string} */ field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024;
      return { rss: mb('VmRSS'), hwm: mb('VmHWM'), own: mb('RssAnon') };
    },
    kill: () => child.kill('SIGKILL'),
  };
}
