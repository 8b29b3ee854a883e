/**
 * The speculation rules as Chromium really follows them: a link the pointer rests on is rendered ahead,
 * and the click shows that very document, activated rather than loaded again, with the fade. Chromium refuses every
 * prerender to a DevTools session attached to the page (Playwright's), so this test drives it attached
 * by tab, as `npm run interactions` does (scripts/lib/cdp-tab.mjs).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTab, type Tab } from '../../scripts/lib/cdp-tab.mjs';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/lib/site-process.mjs';
import { startServer, type RunningServer } from '../helpers/server-process';
import { waitUntil } from '../helpers/wait';

let server: RunningServer;
let tab: Tab | undefined;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await tab?.close();
  await server?.stop();
});

/** Runs first in every document: no splash, and whether the document was revealed with a fade. */
const RECORD_FADE = `
  sessionStorage.setItem('splash-seen', '1');
  addEventListener('pagereveal', (event) => (window.fade = event.viewTransition ? 'with' : 'without'));
`;

async function evaluate(session: string, expression: string): Promise<unknown> {
  const { result, exceptionDetails } = await tab!.send<{ result: { value?: unknown }; exceptionDetails?: unknown }>(
    'Runtime.evaluate',
    { expression, returnByValue: true, awaitPromise: true },
    session,
  );
  if (exceptionDetails) throw new Error(`${expression}: ${JSON.stringify(exceptionDetails)}`);
  return result.value;
}

it('renders the page of a link the pointer rests on ahead, and the click shows that document', async () => {
  let ahead: string | undefined;
  const errors: string[] = [];
  tab = await openTab({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_FLAGS, '--window-size=1280,800'],
    onPage: (send, session, target) => {
      if (target.subtype === 'prerender') ahead = session;
      return Promise.all([
        send('Runtime.enable', {}, session),
        send('Page.enable', {}, session),
        send('Page.addScriptToEvaluateOnNewDocument', { source: RECORD_FADE }, session),
      ]);
    },
  });
  tab.on<{ exceptionDetails: unknown }>('Runtime.exceptionThrown', ({ exceptionDetails }) => errors.push(JSON.stringify(exceptionDetails)));
  tab.on<{ type: string; args: unknown }>('Runtime.consoleAPICalled', ({ type, args }) => type === 'error' && errors.push(JSON.stringify(args)));
  const { page } = tab;
  const loaded = tab.next('Page.loadEventFired', undefined, page);
  await tab.send('Page.navigate', { url: `${server.url}/en/newsAll` }, page);
  await loaded;
  const { href, x, y } = (await evaluate(
    page,
    `(() => {
      const link = document.querySelector('.news-card__link');
      link.scrollIntoView({ block: 'center' });
      const box = link.getBoundingClientRect();
      return { href: link.href, x: box.x + box.width / 2, y: box.y + box.height / 2 };
    })()`,
  )) as { href: string; x: number; y: number };

  await tab.send('Preload.enable', {}, page);
  const settled = tab.next<{ key: { url: string }; status: string }>(
    'Preload.prerenderStatusUpdated',
    (event) => event.key.url === href && ['Ready', 'Failure'].includes(event.status),
    page,
  );
  await tab.send('Input.dispatchMouseEvent', { type: 'mouseMoved', x, y }, page);
  const prerender = await settled;
  expect(prerender.status, JSON.stringify(prerender)).toBe('Ready');
  // The document rendered ahead gets a mark, to be found again once it is shown.
  await waitUntil(async () => (await evaluate(ahead!, `document.readyState`)) === 'complete');
  expect(await evaluate(ahead!, `document.prerendering`)).toBe(true);
  await evaluate(ahead!, `window.renderedAhead = true`);

  await tab.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 }, page);
  await tab.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 }, page);
  await waitUntil(async () => (await evaluate(ahead!, `document.prerendering`)) === false);
  expect(await evaluate(ahead!, `[location.href, window.renderedAhead, performance.getEntriesByType('navigation')[0].activationStart > 0]`)).toEqual([
    href,
    true,
    true,
  ]);
  // Revealed with the fade: Chromium skips it into a page rendered ahead under Cross-Origin-Opener-Policy
  // or Origin-Agent-Cluster (server/security.ts).
  await waitUntil(async () => (await evaluate(ahead!, `window.fade`)) !== undefined);
  expect(await evaluate(ahead!, `window.fade`)).toBe('with');
  // Its islands woke once it was shown: the header's menu opens.
  await evaluate(ahead!, `document.querySelector('[data-menu-trigger="university"]').click()`);
  await waitUntil(async () => (await evaluate(ahead!, `document.querySelector('[data-menu-trigger="university"]').getAttribute('aria-expanded')`)) === 'true');
  expect(errors).toEqual([]);
});
