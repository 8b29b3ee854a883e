/**
 * What replicas tell each other of image sources (server/images/versions.ts with a stand-in for
 * server/shared-cache/image-facts.ts, which the e2e suite runs on Redis): a replica that never fetched
 * a source learns it from the one that did, when a page first uses it or when that one announces it,
 * and never takes back a version its own check found gone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { Sources } from '../../server/images/sources';
import { Versions, type SharedFacts, type SourceFact } from '../../server/images/versions';
import { waitUntil } from '../helpers/wait';

const SOURCE = 'https://cms.example/media/photo.jpg';
const fact = (version: string): SourceFact => ({ version: version.padEnd(16, '0'), width: 800, height: 600, vector: false, validators: {} });

/** Facts in memory, as Redis would hold them; `announce` stands for another replica's announcement. */
function sharedFacts() {
  const facts = new Map<string, SourceFact>();
  let listener: (source: string) => void = () => {};
  const shared = {
    reads: 0,
    written: [] as string[],
    facts,
    announce: (source: string, value: SourceFact) => {
      facts.set(source, value);
      listener(source);
    },
    read: async (source: string) => {
      shared.reads++;
      return facts.get(source) ?? null;
    },
    write: (source: string, value: SourceFact) => {
      shared.written.push(source);
      facts.set(source, value);
    },
    onWritten: (next: (source: string) => void) => {
      listener = next;
    },
  } satisfies SharedFacts & Record<string, unknown>;
  return shared;
}

function versionsWith(shared: ReturnType<typeof sharedFacts>, clock: { now: number }, counts = { learnt: 0, changed: 0 }, origin = 'https://cms.example') {
  const sources = new Sources({ origins: [origin], publicDir: '/nonexistent', timeoutMs: 10_000 });
  const versions = new Versions({
    sources,
    shared,
    now: () => clock.now,
    checkEveryMs: 600_000,
    maxEntries: 100,
    onChange: () => counts.changed++,
    onLearn: () => counts.learnt++,
  });
  return { versions, counts };
}

describe('image sources shared between replicas', () => {
  it('learns a source another replica fetched when a page first uses it, and tells its own', async () => {
    const shared = sharedFacts();
    const clock = { now: 0 };
    const { versions, counts } = versionsWith(shared, clock);
    shared.facts.set(SOURCE, fact('a'));
    expect(versions.current(SOURCE)).toBeNull();
    await waitUntil(() => versions.current(SOURCE) !== null);
    expect(versions.current(SOURCE)).toMatchObject(fact('a'));
    // Pages stored with the source's unversioned URLs are made again.
    expect(counts.learnt).toBe(1);
    expect(shared.written).toEqual([]);

    versions.learn('https://cms.example/media/other.jpg', fact('b'));
    expect(shared.written).toEqual(['https://cms.example/media/other.jpg']);
  });

  it('asks again for a source nobody knew only after a while, but at once when another replica announces it', async () => {
    const shared = sharedFacts();
    const clock = { now: 0 };
    const { versions } = versionsWith(shared, clock);
    versions.current(SOURCE);
    await waitUntil(() => shared.reads === 1);
    for (let i = 0; i < 5; i++) versions.current(SOURCE);
    clock.now += 1000;
    versions.current(SOURCE);
    expect(shared.reads).toBe(1);
    shared.announce(SOURCE, fact('a'));
    await waitUntil(() => versions.current(SOURCE) !== null);
    expect(versions.current(SOURCE)?.version).toBe(fact('a').version);
    // A new version announced replaces the one known: the pages that used it are made again.
    const changes = { learnt: 0, changed: 0 };
    const other = versionsWith(shared, clock, changes);
    other.versions.current(SOURCE);
    await waitUntil(() => other.versions.current(SOURCE) !== null);
    shared.announce(SOURCE, fact('c'));
    await waitUntil(() => other.versions.current(SOURCE)?.version === fact('c').version);
    expect(changes).toEqual({ learnt: 1, changed: 1 });
  });

  it('does not take back from the shared facts a version its own check found the source no longer has', async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(1024, 7)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const source = `${origin}/media/photo.jpg`;
      const shared = sharedFacts();
      const clock = { now: 0 };
      const { versions } = versionsWith(shared, clock, { learnt: 0, changed: 0 }, origin);
      shared.announce(source, fact('old'));
      await waitUntil(() => versions.current(source) !== null);
      // Its check (the bytes differ from the version): forgotten until a variant is made of it again.
      clock.now += 600_000;
      versions.current(source);
      await waitUntil(() => versions.checksUnderWay === 0 && versions.current(source) === null);
      clock.now += 60_000;
      versions.current(source);
      await waitUntil(() => shared.reads >= 2);
      expect(versions.current(source)).toBeNull();
      shared.announce(source, fact('new'));
      await waitUntil(() => versions.current(source)?.version === fact('new').version);
    } finally {
      server.close();
    }
  });
});
