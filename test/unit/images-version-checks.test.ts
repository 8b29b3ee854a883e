/**
 * Background checks of image sources (server/images/versions.ts) against a real HTTP upstream that
 * holds every download until the test lets it go and counts how many it serves at once: a burst of
 * pages due for checks never has more than a few bodies in flight, the queue behind them is bounded,
 * and what it cannot hold is dropped, counted, and asked again by the next page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sources } from '../../server/images/sources';
import { Versions } from '../../server/images/versions';
import { waitUntil } from '../helpers/wait';

/** An upstream whose answers wait for `releaseOne`; it records the most requests it had open at once. */
interface HeldUpstream {
  url: string;
  open: () => number;
  served: () => number;
  mostAtOnce: () => number;
  releaseOne: () => void;
  close: () => Promise<void>;
}

async function heldUpstream(): Promise<HeldUpstream> {
  const held: Array<() => void> = [];
  let open = 0;
  let served = 0;
  let mostAtOnce = 0;
  const server: Server = createServer((_req, res) => {
    open++;
    mostAtOnce = Math.max(mostAtOnce, open);
    held.push(() => {
      open--;
      served++;
      // A body unlike the learnt version's: the source "changed", so nothing is kept for it.
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(64 * 1024, 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    open: () => open,
    served: () => served,
    mostAtOnce: () => mostAtOnce,
    releaseOne: () => held.shift()?.(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let upstream: HeldUpstream;
beforeAll(async () => {
  upstream = await heldUpstream();
});
afterAll(() => upstream.close());

describe('background checks of image sources', () => {
  it('download at most two sources at once, queue 32, and drop (and count) the rest of a burst', async () => {
    let now = 0;
    let changes = 0;
    const sources = new Sources({ origins: [upstream.url], publicDir: '/nonexistent', timeoutMs: 600_000 });
    const versions = new Versions({ sources, now: () => now, checkEveryMs: 1000, maxEntries: 1000, onChange: () => changes++, onLearn: () => {} });
    const paths = Array.from({ length: 40 }, (_, i) => `${upstream.url}/media/${i}.jpg`);
    for (const path of paths) versions.learn(path, { version: 'v'.repeat(16), width: 800, height: 600, vector: false, validators: {} });

    // A burst of pages: every source is due for a check at once.
    now += 2000;
    for (const path of paths) versions.current(path);
    await waitUntil(() => upstream.open() >= 2);
    expect(versions.checkStats).toEqual({ running: 2, queued: 32, dropped: 6 });

    // Let them through one at a time: the next waiting check starts, never a third at once.
    while (upstream.served() < 34) {
      await waitUntil(() => upstream.open() > 0);
      upstream.releaseOne();
      await waitUntil(() => upstream.open() === Math.min(2, 34 - upstream.served()));
    }
    await waitUntil(() => versions.checksUnderWay === 0);
    expect(upstream.mostAtOnce()).toBe(2);
    expect(changes).toBe(34);
    expect(versions.checkStats).toEqual({ running: 0, queued: 0, dropped: 6 });

    // The dropped ones are still due: the next page that shows them asks again.
    for (const path of paths) versions.current(path);
    await waitUntil(() => upstream.open() === 2);
    while (upstream.served() < 40) {
      await waitUntil(() => upstream.open() > 0);
      upstream.releaseOne();
    }
    await waitUntil(() => versions.checksUnderWay === 0);
    expect(changes).toBe(40);
    expect(upstream.mostAtOnce()).toBe(2);
  });
});
