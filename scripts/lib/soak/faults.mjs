/**
 * The faults the soak test causes, each an async function of the run's context that returns a line of
 * notes for the report. `disruptive` faults take the stack's capacity or its backend away, or need the
 * stack whole while they run, and run one at a time (./schedule.mjs); the others may overlap them, as a
 * neighbour or a crawler would.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { markersIn, tamperedEntries, TAMPERED_TEXT } from './hostile.mjs';
import { recordStop, stopNote } from './stops.mjs';
import { upstreamFailTimeoutMs } from './nginx.mjs';
import { boundedFetch, sleep, waitUntil } from './time.mjs';

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const MB = 1024 * 1024;

/** Bytes of the regular files in `dir` (one level: the image cache is flat). */
export function dirBytes(dir) {
  try {
    return readdirSync(dir).reduce((sum, name) => {
      try {
        const info = statSync(join(dir, name));
        return sum + (info.isFile() ? info.size : 0);
      } catch {
        return sum;
      }
    }, 0);
  } catch {
    return 0;
  }
}

/** A page asked for directly from each live replica: what markers and texts it showed, and how long it took. */
async function askEveryReplica(ctx, path) {
  return Promise.all(
    ctx.replicas
      .filter((r) => r.live)
      .map(async (replica) => {
        const started = Date.now();
        try {
          const response = await boundedFetch(replica.url + path, { timeoutMs: 60_000, signal: ctx.signal });
          const html = await response.text();
          return { replica: replica.name, status: response.status, ms: Date.now() - started, html };
        } catch (error) {
          return { replica: replica.name, status: `failed: ${error.name}`, ms: Date.now() - started, html: '' };
        }
      }),
  );
}

/** Notes hostile markup in pages (a goal: none), with where it came from. */
function recordMarkup(ctx, source, path, answers) {
  for (const answer of answers) {
    for (const marker of markersIn(answer.html)) ctx.findings.hostileMarkup.push({ atMs: ctx.clock.now(), source, path, replica: answer.replica, marker });
  }
}

/** Stops `replica` with `signalName`, leaves it down `downMs`, and starts it again; returns the fault's notes. */
export async function restartReplica(ctx, replica, signalName, downMs = 0) {
  const stopped = await replica.stop(signalName);
  recordStop(ctx.findings, { atMs: ctx.clock.now(), replica: replica.name, signal: signalName, stopped });
  if (downMs > 0) await sleep(downMs, ctx.signal);
  const startedAt = Date.now();
  const ready = await replica.start(ctx.signal);
  if (!ready && !ctx.signal.aborted) ctx.findings.notReady.push({ atMs: ctx.clock.now(), replica: replica.name });
  return `${replica.name} ${ready ? `ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s` : 'NOT ready'}${stopNote(stopped, signalName)}`;
}

/** How often a backend fault asks for a page no replica holds: every window of the backend alerts' rates (4 s at the soak's scale) holds eight. */
export const UNASKED_PAGE_EVERY_MS = 500;
const VISITOR = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 soak', 'accept-encoding': 'br, gzip' };

/**
 * Until `signal` aborts, a visitor asks nginx every UNASKED_PAGE_EVERY_MS for a news page nothing has
 * asked for (./backend.mjs's unaskedNewsId), without waiting for the one before: each is a backend call
 * the replicas must make, so a backend fault is met by calls all along its window. The load's own cold
 * pages do not see to that: wrk's few connections wait on the fault's slow or failing pages, and most of
 * what they ask is cached by then, so a window of the alerts' rates could pass with no call at all (no
 * ratio, and the alert's `for:` starts again). Resolves with how many pages it asked for.
 */
async function askUnaskedPages(ctx, signal) {
  let asked = 0;
  for (; !signal.aborted; asked++) {
    const path = `/en/news/${ctx.backend.unaskedNewsId()}`;
    // Its answer may come after the fault's end (a slow call's): it is read for hostile markup, not awaited.
    // An answer cut off (its replica killed by another fault, the run stopped) is no page to read.
    void boundedFetch(ctx.nginx.url + path, { timeoutMs: 60_000, signal: ctx.signal, headers: VISITOR })
      .then(async (response) => recordMarkup(ctx, 'backend rich text', path, [{ replica: 'through nginx', html: await response.text() }]))
      .catch(() => null);
    await sleep(UNASKED_PAGE_EVERY_MS, signal);
  }
  return asked;
}

function backendMode(mode, seconds) {
  return async (ctx) => {
    const callsBefore = ctx.backend.state.calls;
    ctx.backend.setMode(mode);
    const window = new AbortController();
    const unasked = askUnaskedPages(ctx, AbortSignal.any([window.signal, ctx.signal]));
    const notes = [];
    try {
      if (mode === 'hostile') {
        // News nobody asked for yet: the replicas fetch them now, during the hostile answers.
        await sleep(1_000, ctx.signal);
        const paths = [0, 1, 2].map(() => `/en/news/${ctx.backend.unaskedNewsId()}`);
        const answers = await Promise.all(paths.map((path) => askEveryReplica(ctx, path)));
        paths.forEach((path, i) => recordMarkup(ctx, 'backend rich text', path, answers[i]));
        notes.push('3 new news pages asked from every replica');
      }
      await sleep(seconds * 1000, ctx.signal);
    } finally {
      window.abort();
      ctx.backend.setMode('ok');
    }
    const calls = ctx.backend.state.calls - callsBefore;
    notes.push(`${await unasked} pages nothing had asked for, one every ${UNASKED_PAGE_EVERY_MS} ms through nginx; ${calls} backend calls in the window`);
    return notes.join('; ');
  };
}

async function redisAtMaxmemory(ctx) {
  const { client } = ctx.redis;
  const info = async () =>
    Object.fromEntries(
      (await client.info())
        .split('\r\n')
        .filter((l) => l.includes(':'))
        .map((l) => l.split(':')),
    );
  const before = await info();
  const maxmemory = Number(before.maxmemory);
  const value = randomBytes(128 * 1024).toString('base64');
  let written = 0;
  let evicted = 0;
  // A neighbour's keys until Redis has evicted a good number of keys (bounded: three times maxmemory).
  for (; written < Math.ceil((3 * maxmemory) / value.length) && !ctx.signal.aborted; written++) {
    await client.set(`soak:neighbour:${written}`, value);
    if (written % 20 === 19) {
      evicted = Number((await info()).evicted_keys) - Number(before.evicted_keys);
      if (evicted >= 100) break;
    }
  }
  return `${written} keys of ${(value.length / 1024).toFixed(0)} KB written; ${evicted} keys evicted meanwhile (maxmemory ${(maxmemory / MB).toFixed(0)} MB, ${ctx.redis.policy})`;
}

async function subscriberKilled(ctx) {
  const list = await ctx.redis.client.client('LIST');
  const ids = [...list.matchAll(/id=(\d+) .*name=(site:\S+:sub)/g)].map((m) => m[1]);
  for (const id of ids) await ctx.redis.client.client('KILL', 'ID', id);
  return `${ids.length} subscriber connections killed (CLIENT KILL ID, found by name site:<replica>:sub)`;
}

async function redisRestarted(ctx) {
  await ctx.redis.restart(ctx.signal);
  return 'SIGTERM, started again empty on the same port';
}

async function redisFrozen(ctx) {
  ctx.redis.freeze();
  try {
    await sleep(ctx.config.freezeS * 1000, ctx.signal);
  } finally {
    ctx.redis.thaw();
  }
  return `SIGSTOP for ${ctx.config.freezeS} s, then SIGCONT`;
}

/** Past the backend's news: a replica that refuses a tampered entry there answers 404. */
const TAMPERED_IDS_FROM = 900_000;

/**
 * A news entry a replica stored in Redis just now (current, signed, of a news item's size), or null:
 * a live replica is asked for a news page nobody asked for, and its fill is read back once it landed.
 */
async function currentNewsEntry(ctx) {
  const via = pick(ctx.replicas.filter((r) => r.live));
  const build = via && (await via.health(ctx.signal))?.redis?.build;
  if (!build) return null;
  // Nothing has asked for it: no replica holds it, so the one asked fetches it and fills Redis.
  const id = ctx.backend.unaskedNewsId();
  const key = `site:${build}:d:/news/yangiliklar/${id}/`;
  await boundedFetch(`${via.url}/en/news/${id}`, { timeoutMs: 60_000, signal: ctx.signal }).then(
    (r) => r.arrayBuffer(),
    () => null,
  );
  let text = null;
  const stored = async () => {
    text = await ctx.redis.client.get(key);
    return text !== null;
  };
  // The fill is sent after the page: it lands a moment later, unless Redis is away (a fault running).
  await waitUntil(stored, { timeoutMs: 30_000, everyMs: 200, signal: ctx.signal });
  return text?.includes('"found":true') ? { key, text } : null;
}

/** Whether every live replica reads Redis now (its link up, not resyncing after a Redis fault). */
async function redisUpEverywhere(ctx) {
  const states = await Promise.all(ctx.replicas.filter((r) => r.live).map(async (r) => (await r.health(ctx.signal))?.redis?.state));
  return states.length > 0 && states.every((state) => state === 'up');
}

/**
 * A current news entry to copy, made while nothing keeps a replica from filling Redis: a fill needs
 * the backend answering and Redis reachable, and this fault runs beside the others. Asked again once
 * if a fault began meanwhile. Once every replica reads Redis again, too: one still reconnecting after a
 * Redis fault would answer the pages asked below from the backend, read the tampered entries only
 * later, and refuse them outside the fault.
 */
async function copyableNewsEntry(ctx) {
  for (let attempt = 0; attempt < 2 && !ctx.signal.aborted; attempt++) {
    const quiet = async () => !ctx.timeline.active(['backend', 'redis']) && (await redisUpEverywhere(ctx));
    await waitUntil(quiet, { timeoutMs: 120_000, everyMs: 500, signal: ctx.signal });
    const entry = await currentNewsEntry(ctx);
    if (entry) return entry;
  }
  return null;
}

/**
 * A compromised neighbour writes entries (hostile.mjs's tamperedEntries): a current entry with a
 * tampered body and a signed entry copied to another key, both refused only by their MAC, and one of
 * 40 MB, refused by its length inside Redis; then every replica is asked for those pages, which it reads
 * from Redis. Their ids are past the backend's news: any 200, or the tampered text, is an entry served.
 */
async function entriesTampered(ctx) {
  const { client } = ctx.redis;
  const template = await copyableNewsEntry(ctx);
  if (!template) return 'no current news entry in Redis to copy: nothing tampered';
  const base = TAMPERED_IDS_FROM + Math.floor(Math.random() * 90_000);
  const written = [];
  const refused = [];
  const write = async ({ kind, id, key, text }) => {
    try {
      // In pieces of 1 MB, so that Redis's input buffer stays small next to its maxmemory.
      await client.set(key, text.slice(0, MB));
      for (let at = MB; at < text.length; at += MB) await client.append(key, text.slice(at, at + MB));
      written.push({ kind, id });
    } catch (error) {
      refused.push(`${kind} ${id}: ${error.message}`);
    }
  };
  const [body, copied] = tamperedEntries(template, [base, base + 1], Date.now());
  for (const entry of [body, copied]) await write(entry);
  const huge = JSON.parse(body.text.slice(body.text.indexOf('{')));
  huge.value.desc = Object.fromEntries(
    Object.keys(huge.value.desc ?? { en: '' }).map((lang) => [lang, `<p>${TAMPERED_TEXT} ${'x'.repeat((40 * MB) / 3)}</p>`]),
  );
  await write({
    kind: 'oversized',
    id: base + 2,
    key: body.key.replace(`/${base}/`, `/${base + 2}/`),
    text: body.text.slice(0, body.text.indexOf('{')) + JSON.stringify(huge),
  });
  const notes = [];
  const asked = await Promise.all(written.map(async (entry) => [entry, await askEveryReplica(ctx, `/en/news/${entry.id}`)]));
  for (const [{ kind, id }, answers] of asked) {
    const path = `/en/news/${id}`;
    recordMarkup(ctx, 'tampered Redis entry', path, answers);
    ctx.findings.tamperAsked.push({ atMs: ctx.clock.now(), path, kind, replicas: answers.length });
    for (const answer of answers.filter((a) => a.status === 200 || a.html.includes(TAMPERED_TEXT))) {
      ctx.findings.tamperedServed.push({ atMs: ctx.clock.now(), path, replica: answer.replica, kind });
    }
    notes.push(`${kind} ${path}: ${answers.map((a) => `${a.status} in ${a.ms} ms`).join(', ')}`);
  }
  const refusals = refused.length ? `; Redis refused ${refused.join(', ')}` : '';
  return `copies of ${template.key} written: a current one with a tampered body, one unchanged under another key, one of 40 MB${refusals}; ${notes.join('; ')}`;
}

async function replicaKilled(ctx) {
  return restartReplica(ctx, pick(ctx.replicas), 'SIGKILL');
}

/**
 * SIGTERM each replica in turn, as an orchestrator does: the next one only once the last is ready and
 * nginx has stopped skipping it (its fail_timeout after the refused connections of the restart), the
 * wait docs/operations.md asks of a rolling restart behind deploy/nginx.conf.
 */
async function rollingRestart(ctx) {
  const notes = [];
  for (const [i, replica] of ctx.replicas.entries()) {
    if (ctx.signal.aborted) break;
    if (i > 0) await sleep(upstreamFailTimeoutMs() + 1_000, ctx.signal);
    notes.push(await restartReplica(ctx, replica, 'SIGTERM'));
  }
  return notes.join('; ');
}

/** Variant-named files of a previous life fill one replica's image directory to its cap; then it restarts and finds them. */
async function imageCacheFilled(ctx) {
  const replica = pick(ctx.replicas);
  const cap = ctx.config.imageCacheMb * MB;
  let files = 0;
  for (let left = cap - dirBytes(replica.imageDir); left > 0 && files < ctx.config.imageCacheMb; left -= MB) {
    const id = () => randomBytes(12).toString('base64url');
    writeFileSync(join(replica.imageDir, `${id()}.640.webp.${id()}.webp`), randomBytes(Math.min(MB, left)));
    files++;
  }
  const filled = dirBytes(replica.imageDir);
  const restarted = await restartReplica(ctx, replica, 'SIGTERM');
  return `${files} files of up to 1 MB written: ${(filled / MB).toFixed(1)} MB against a cap of ${ctx.config.imageCacheMb} MB; ${restarted}`;
}

/** News 20-22 get the pathological SVG as their image; a browser then asks nginx for every variant of it at once. */
async function pathologicalSvg(ctx) {
  const ids = [20, 21, 22];
  // The pages must render to name the image: not while the backend is failing.
  await waitUntil(() => !ctx.timeline.active(['backend']), { timeoutMs: 120_000, everyMs: 500, signal: ctx.signal });
  ctx.backend.usePathologicalImage(ids);
  const via = pick(ctx.replicas.filter((r) => r.live));
  if (via) {
    await boundedFetch(`${via.url}/_cache/purge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.config.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ keys: ids.map((id) => `news:${id}`) }),
      signal: ctx.signal,
    }).catch(() => null);
  }
  // The purge reaches the other replicas a moment later: until then nginx may pass the page to one that
  // still shows the old image, so the page is asked again until it names the SVG.
  let variants = [];
  await waitUntil(
    async () => {
      const page = await (await boundedFetch(`${ctx.nginx.url}/en/news/${ids[0]}?soak=svg`, { timeoutMs: 60_000, signal: ctx.signal })).text();
      variants = [
        ...new Set(
          [...page.matchAll(/\/_img\/[\w-]+\/(?:\d{1,4}|og)\/[\w-]+\/([\w-]+)/g)]
            .filter((m) => Buffer.from(m[1], 'base64url').toString().includes('pathological'))
            .map((m) => m[0]),
        ),
      ];
      return variants.length > 0;
    },
    { timeoutMs: 30_000, everyMs: 500, signal: ctx.signal },
  );
  const results = await Promise.all(
    variants.map(async (path) => {
      const started = Date.now();
      try {
        const response = await boundedFetch(ctx.nginx.url + path, {
          timeoutMs: 120_000,
          signal: ctx.signal,
          headers: { accept: 'image/avif,image/webp,image/*;q=0.8' },
        });
        await response.arrayBuffer();
        return `${response.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`;
      } catch (error) {
        return `${error.name} after ${((Date.now() - started) / 1000).toFixed(1)} s`;
      }
    }),
  );
  return `${variants.length} variants asked through nginx at once: ${results.join(', ') || 'none found in the page'}`;
}

/**
 * Every fault: name, group (for the timeline), whether it is disruptive, and its function. Those that
 * restart replicas come early, so that the last third of a short run has processes old enough for
 * their memory to be judged.
 */
export function faults(config) {
  return [
    { name: 'rolling restart', group: 'replica', disruptive: true, run: rollingRestart },
    { name: 'redis at maxmemory', group: 'redis-memory', disruptive: false, run: redisAtMaxmemory },
    { name: 'backend 500', group: 'backend', disruptive: true, run: backendMode('500', 20) },
    { name: 'replica SIGKILLed', group: 'replica', disruptive: true, run: replicaKilled },
    { name: 'subscriber connections killed', group: 'redis', disruptive: false, run: subscriberKilled },
    { name: 'backend hangs', group: 'backend', disruptive: true, run: backendMode('hang', config.backendFaultS) },
    { name: 'image cache filled', group: 'replica', disruptive: true, run: imageCacheFilled },
    { name: 'redis restarted', group: 'redis', disruptive: true, run: redisRestarted },
    { name: 'backend slow (3 s)', group: 'backend', disruptive: true, run: backendMode('slow', config.backendFaultS) },
    { name: 'pathological SVG', group: 'images', disruptive: false, run: pathologicalSvg },
    { name: 'backend hostile rich text', group: 'backend', disruptive: true, run: backendMode('hostile', config.backendFaultS) },
    // Disruptive, though it takes nothing away: a Redis or backend fault while it writes and asks (Redis
    // restarted empty, replicas reconnecting) would leave its entries unread until after it.
    { name: 'redis entries tampered', group: 'redis-data', disruptive: true, run: entriesTampered },
    { name: 'backend broken JSON', group: 'backend', disruptive: true, run: backendMode('broken', config.backendFaultS) },
    { name: 'redis frozen (SIGSTOP)', group: 'redis', disruptive: true, run: redisFrozen },
  ];
}
