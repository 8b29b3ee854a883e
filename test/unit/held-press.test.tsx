// @vitest-environment jsdom
/**
 * A press inside an island that has not hydrated (client/held-press.ts, client/wake.ts), in jsdom: it
 * wakes the island and ends in the island's behaviour or in the browser's own, never in nothing, whether
 * the island's code arrives, fails to load, breaks in rendering or never comes. Each press is a bare
 * element.click(), as assistive technology or a script makes it: no pointer or focus comes first. The
 * same paths run in Chromium on real pages in test/e2e/study-news-group.test.ts and services-group.test.ts.
 */
import type { MouseEvent as ReactMouseEvent } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HELD_PRESS_LIMIT_MS } from '../../client/held-press';
import { wakeIslands } from '../../client/wake';
import { waitUntil } from '../helpers/wait';

/** What loading an island's code gives: set by each test. */
const code = vi.hoisted(() => ({ load: (): Promise<unknown> => new Promise(() => {}) }));
vi.mock('../../client/islands', () => ({ ISLANDS: new Proxy({}, { get: () => () => code.load() }) }));

const LINK = '<a href="#page-2" data-held-click="">More</a>';

/** Puts one island on the page, as the server writes it, and starts the runtime on it. */
function islandOnPage(name: string, wake: string, html: string): HTMLElement {
  document.body.innerHTML = `<ztu-island data-island="${name}" data-wake="${wake}" data-props="{}">${html}</ztu-island>`;
  void wakeIslands(document);
  return document.querySelector<HTMLElement>('ztu-island')!;
}

/** Clicks that reach the document, and whether anything had cancelled each (a cancelled one does nothing). */
interface Arrival {
  target: EventTarget | null;
  cancelled: boolean;
}
let stopRecording = () => {};
/**
 * Records every click that reaches the document: one that arrives uncancelled on a link is one the browser
 * follows. Then cancels it, as jsdom cannot load another page (a fragment it would follow after the test).
 */
function clicksReachingTheDocument(): Arrival[] {
  const arrivals: Arrival[] = [];
  const record = (event: MouseEvent) => {
    arrivals.push({ target: event.target, cancelled: event.defaultPrevented });
    event.preventDefault();
  };
  document.addEventListener('click', record);
  stopRecording = () => document.removeEventListener('click', record);
  return arrivals;
}

const aborted = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

beforeAll(() => {
  // An island that waits to be seen and never is: jsdom has no layout, and this observer never reports.
  globalThis.IntersectionObserver = class {
    observe() {}
    disconnect() {}
  } as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  stopRecording();
  vi.useRealTimers();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('a press held for an island that has not hydrated', () => {
  it("follows the link, as without JavaScript, when the island's code fails to load, and holds no press after", async () => {
    code.load = aborted;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const island = islandOnPage('MoreNews', 'visible', LINK);
    const link = island.querySelector('a')!;
    const arrivals = clicksReachingTheDocument();
    expect(island.dataset.islandStatus).toBe('pending');
    link.click();
    expect(arrivals).toEqual([]);
    await waitUntil(() => arrivals.length > 0);
    expect(arrivals).toEqual([{ target: link, cancelled: false }]);
    expect(island.dataset.islandStatus).toBe('failed');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('island MoreNews: not hydrated'), expect.any(TypeError));
    // The next press is the browser's at once.
    link.click();
    expect(arrivals).toEqual([
      { target: link, cancelled: false },
      { target: link, cancelled: false },
    ]);
  });

  it("submits the button's form, as without JavaScript, when the code of an island already woken fails to load", async () => {
    let fail: (error: Error) => void = () => {};
    code.load = () => new Promise((_, reject) => (fail = reject));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const island = islandOnPage('DocumentForm', 'load', '<form action="#sent"><input name="q" value="x" required><button type="submit">Send</button></form>');
    const button = island.querySelector('button')!;
    const submits: SubmitEvent[] = [];
    document.addEventListener(
      'submit',
      (event) => {
        submits.push(event);
        // jsdom cannot load the form's target; that the browser was asked to is all this test needs.
        event.preventDefault();
      },
      { once: true },
    );
    expect(island.dataset.islandStatus).toBe('hydrating');
    button.click();
    expect(submits).toEqual([]);
    fail(new TypeError('Failed to fetch dynamically imported module'));
    await waitUntil(() => submits.length > 0);
    expect(submits[0]!.submitter).toBe(button);
    expect(island.dataset.islandStatus).toBe('failed');
  });

  it('follows the link when the code has not come within the limit, and not a moment before', () => {
    vi.useFakeTimers();
    code.load = () => new Promise(() => {});
    const island = islandOnPage('Gallery', 'visible', LINK);
    const link = island.querySelector('a')!;
    const arrivals = clicksReachingTheDocument();
    link.click();
    expect(island.dataset.islandStatus).toBe('hydrating');
    vi.advanceTimersByTime(HELD_PRESS_LIMIT_MS - 1);
    expect(arrivals).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(arrivals).toEqual([{ target: link, cancelled: false }]);
  });

  it("gives the press to the island's own handler once it has hydrated, and the browser does nothing of its own", async () => {
    let pressed: () => void = () => {};
    const handled = new Promise<void>((resolve) => (pressed = resolve));
    const More = () => (
      <a
        href="#page-2"
        data-held-click=""
        onClick={(event: ReactMouseEvent) => {
          event.preventDefault();
          pressed();
        }}
      >
        More
      </a>
    );
    code.load = () => Promise.resolve({ default: { island: { name: 'MoreNews', Component: More } } });
    const island = islandOnPage('MoreNews', 'visible', LINK);
    const arrivals = clicksReachingTheDocument();
    island.querySelector('a')!.click();
    await handled;
    expect(island.dataset.islandStatus).toBe('hydrated');
    // The island's handler cancelled the link's own behaviour.
    expect(arrivals).toEqual([{ target: island.querySelector('a'), cancelled: true }]);
  });

  it('follows the link when the island breaks in rendering and React removes it', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('a bug in the island');
    };
    code.load = () => Promise.resolve({ default: { island: { name: 'MoreNews', Component: Broken } } });
    const island = islandOnPage('MoreNews', 'visible', LINK);
    const navigation = new Promise((resolve) => addEventListener('hashchange', resolve, { once: true }));
    island.querySelector('a')!.click();
    await navigation;
    expect(location.hash).toBe('#page-2');
    expect(island.dataset.islandStatus).toBe('failed');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('island MoreNews: an error React could not recover from'), expect.any(Error));
  });
});
