/**
 * Chromium driven over its DevTools pipe and attached the way DevTools itself attaches: to the tab, whose
 * pages (a prerendered one included) are attached as they come. A page then still prerenders what its
 * speculation rules ask for. Playwright and older Puppeteer attach to pages directly, and for such a
 * session Chromium refuses every prerender (`PrerenderingDisabledByDevTools`:
 * devtools_instrumentation.cc, IsPrerenderAllowed, HasSessionsWithoutTabTargetSupport), which is why the
 * measuring scripts open a browser of this kind for a prerendered click.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Starts Chromium with `args` (headless ones: CHROMIUM_FLAGS) and attaches to its tab. `onPage(send,
 * session, targetInfo)` runs for every page attached (the first one, and each prerendered one) before
 * the page is let go on; it must send its commands at once (not one after another's answer) and return
 * a promise of them all.
 */
export async function openTab({ executablePath, args, onPage }) {
  const profile = mkdtempSync(join(tmpdir(), 'ztu-cdp-tab-'));
  const chrome = spawn(executablePath, [...args, '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    // A process group of its own, so that close() ends its helper processes with it.
    detached: true,
  });
  const toBrowser = chrome.stdio[3];
  const fromBrowser = chrome.stdio[4];
  let pending = '';
  let nextId = 1;
  const replies = new Map();
  const listeners = new Set();
  fromBrowser.on('data', (chunk) => {
    pending += chunk.toString();
    for (let end = pending.indexOf('\0'); end >= 0; end = pending.indexOf('\0')) {
      const message = JSON.parse(pending.slice(0, end));
      pending = pending.slice(end + 1);
      if (message.id !== undefined) replies.get(message.id)?.(message);
      else for (const listener of listeners) listener(message);
    }
  });

  /** A command, in `session` (a page's) or to the browser; rejects with the protocol's error. */
  const send = (method, params = {}, session = undefined) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      replies.set(id, (message) => {
        replies.delete(id);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result);
      });
      toBrowser.write(`${JSON.stringify({ id, method, params, sessionId: session })}\0`);
    });
  /** The next event `method` (in `session` when given) for which `accept(params)` holds. */
  const next = (method, accept = () => true, session = undefined) =>
    new Promise((resolve) => {
      const listener = (message) => {
        if (message.method !== method || (session && message.sessionId !== session) || !accept(message.params)) return;
        listeners.delete(listener);
        resolve(message.params);
      };
      listeners.add(listener);
    });
  /** Calls `handle(params, session)` for every event `method`. */
  const on = (method, handle) => listeners.add((message) => message.method === method && handle(message.params, message.sessionId));

  // A browser with a window (not headless) may answer before its first tab is there.
  let targetInfos = [];
  for (let tries = 0; tries < 300 && !targetInfos.length; tries++) {
    if (tries) await new Promise((resolve) => setTimeout(resolve, 100));
    ({ targetInfos } = await send('Target.getTargets', { filter: [{ type: 'tab' }] }));
  }
  if (!targetInfos.length) throw new Error('Chromium opened no tab');
  const { sessionId: tab } = await send('Target.attachToTarget', { targetId: targetInfos[0].targetId, flatten: true });
  let firstPage;
  const prepared = new Promise((resolve) => (firstPage = resolve));
  on('Target.attachedToTarget', async ({ sessionId, targetInfo, waitingForDebugger }) => {
    if (targetInfo.type !== 'page') return;
    // A page waiting for its debugger answers none of these until it runs: they are sent in order,
    // before the command that lets it run, and so are in force from its first script on.
    const prepared = onPage?.(send, sessionId, targetInfo);
    if (waitingForDebugger) await send('Runtime.runIfWaitingForDebugger', {}, sessionId);
    await prepared;
    firstPage(sessionId);
  });
  // Each new page waits until onPage has prepared it (throttling, scripts to run in it).
  await send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true }, tab);
  const page = await prepared;

  return {
    page,
    send,
    next,
    on,
    /**
     * Ends Chromium and its helper processes (which would otherwise go on writing to the profile for a
     * while), then removes its profile.
     */
    async close() {
      const gone = new Promise((resolve) => chrome.once('exit', resolve));
      if (chrome.exitCode === null && chrome.signalCode === null) {
        process.kill(-chrome.pid, 'SIGKILL');
        await gone;
      }
      rmSync(profile, { recursive: true, force: true, maxRetries: 10 });
    },
  };
}
