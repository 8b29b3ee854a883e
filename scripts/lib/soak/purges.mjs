/**
 * Purges as editors send them, measured: every few seconds the backend's data for one entity changes
 * (a news item, the rectorate list), then a purge by key or by prefix goes to a random replica, and
 * every replica is asked directly (not through nginx, whose microcache keeps pages 5 s by design) for
 * the entity's page until it shows the new version. A second loop keeps asking for entities whose
 * purge has reached every replica: an older version after that is a stale answer.
 */
import { versionShown } from './backend.mjs';
import { boundedFetch, sleep } from './time.mjs';

/** Entities the purges change: news items (not those the other faults use) and the rectorate. */
const ENTITIES = [
  ...Array.from({ length: 10 }, (_, i) => i + 3).map((id) => ({
    entity: `news:${id}`,
    page: `/en/news/${id}`,
    key: `news:${id}`,
    prefix: `/news/yangiliklar/${id}/`,
  })),
  { entity: 'rectorate', page: '/en/rektorat', key: 'rectorate', prefix: '/category/rektorot/' },
];
/** How long a purge may take to reach every replica before it counts as lost. */
const CONVERGE_TIMEOUT_MS = 60_000;
const POLL_MS = 20;
/** Faults during which a purge's time is reported apart from the goal ("with Redis up"). */
export const PURGE_DISTURBING = ['redis', 'replica', 'backend'];

const pick = (list) => list[Math.floor(Math.random() * list.length)];

export class PurgeProbe {
  constructor({ backend, replicas, token, timeline, clock, signal }) {
    Object.assign(this, { backend, replicas, token, timeline, clock, signal });
    this.purges = [];
    this.stale = [];
    /** Per entity, the version every replica has shown since its purge. */
    this.converged = new Map();
  }

  /** The version of `entity` a replica's page shows now; null when the page did not answer with one. */
  async shown(replica, target) {
    try {
      const response = await boundedFetch(replica.url + target.page, { timeoutMs: 10_000, signal: this.signal });
      return versionShown(await response.text(), target.entity);
    } catch {
      return null;
    }
  }

  async purgeOnce() {
    const target = pick(ENTITIES);
    const by = Math.random() < 0.5 ? 'key' : 'prefix';
    const live = this.replicas.filter((r) => r.live);
    if (live.length === 0) return;
    const via = pick(live);
    const version = this.backend.change(target.entity);
    const sentMs = this.clock.now();
    const record = { entity: target.entity, by, version, via: via.name, sentMs, status: null, perReplicaMs: {}, convergedMs: null };
    this.purges.push(record);
    try {
      const response = await boundedFetch(`${via.url}/_cache/purge`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(by === 'key' ? { keys: [target.key] } : { prefix: target.prefix }),
        timeoutMs: 10_000,
        signal: this.signal,
      });
      record.status = response.status;
    } catch (error) {
      record.status = `failed: ${error.name}`;
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        const until = Date.now() + CONVERGE_TIMEOUT_MS;
        while (!this.signal.aborted && Date.now() < until) {
          if (replica.live && (await this.shown(replica, target)) >= version) {
            record.perReplicaMs[replica.name] = this.clock.now() - sentMs;
            return;
          }
          await sleep(POLL_MS, this.signal);
        }
      }),
    );
    if (Object.keys(record.perReplicaMs).length === this.replicas.length) {
      record.convergedMs = Math.max(...Object.values(record.perReplicaMs));
      if (version > (this.converged.get(target.entity)?.version ?? 0)) this.converged.set(target.entity, { version, target });
    }
    record.cutByEnd = record.convergedMs === null && this.signal.aborted;
    record.disturbedBy = this.timeline.during(PURGE_DISTURBING, sentMs, this.clock.now()).map((e) => e.name);
  }

  /** Purges every `everyMs` (with some jitter) until `untilMs`; paused while the backend misbehaves. */
  async run(untilMs, everyMs, maxPurges) {
    while (!this.signal.aborted && Date.now() < untilMs && this.purges.length < maxPurges) {
      if (this.timeline.active(['backend'])) {
        await sleep(500, this.signal);
        continue;
      }
      await this.purgeOnce();
      await sleep(everyMs * (0.6 + Math.random() * 0.8), this.signal);
    }
  }

  /** Asks each replica, about once a second, for two entities already purged: older data is stale. */
  async watch(untilMs, maxChecks) {
    for (let check = 0; check < maxChecks && !this.signal.aborted && Date.now() < untilMs; check++) {
      const known = [...this.converged.values()];
      for (const { version, target } of [pick(known), pick(known)].filter(Boolean)) {
        for (const replica of this.replicas.filter((r) => r.live)) {
          const seen = await this.shown(replica, target);
          if (seen !== null && seen < version) {
            this.stale.push({ atMs: this.clock.now(), replica: replica.name, entity: target.entity, shown: seen, expected: version });
          }
        }
      }
      await sleep(1_000, this.signal);
    }
  }
}
