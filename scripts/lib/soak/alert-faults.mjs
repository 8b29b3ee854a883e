/**
 * Faults the soak adds for its alerts (./alerts.mjs): a fault each alert rule can be proven on. The other
 * faults (./faults.mjs) prove most of them; a replica down, which every restart there is too short to be
 * more than a blip, needs one that lasts, and messages published on the replicas' channel by someone
 * else need a fault of their own.
 */
import { randomBytes } from 'node:crypto';
import { restartReplica } from './faults.mjs';
import { upstreamFailTimeoutMs } from './nginx.mjs';
import { sleep } from './time.mjs';

/** Long enough for SiteReplicaDown's `for:` at the soak's time scale (2m / 30 = 4 s), three times over. */
export const REPLICA_DOWN_MS = 12_000;

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/**
 * A replica killed and left down, as a crashed container whose restart policy waits. One replica down
 * at a time, as nginx sees them: a replica the fault before restarted is skipped by nginx for its
 * fail_timeout after the connections it refused, and a kill meanwhile would leave nginx one replica or
 * none (502s), so the kill waits that long, as the rolling restart does between replicas.
 * `findings.keptDown` says when the replica was killed.
 */
async function replicaKeptDown(ctx) {
  await sleep(upstreamFailTimeoutMs() + 1_000, ctx.signal);
  const replica = pick(ctx.replicas.filter((r) => r.live));
  if (!replica || ctx.signal.aborted) return 'no live replica';
  ctx.findings.keptDown.push({ atMs: ctx.clock.now(), replica: replica.name });
  const restarted = await restartReplica(ctx, replica, 'SIGKILL', REPLICA_DOWN_MS);
  return `SIGKILL once nginx skipped no replica, left down ${REPLICA_DOWN_MS / 1000} s; ${restarted}`;
}

/** The replicas' channel and the largest message a replica reads (server/shared-cache/events.ts). */
const EVENTS_CHANNEL = 'site:events';
const MAX_EVENT_BYTES = 64 * 1024;
/** A MAC's length (server/shared-cache/seal.ts): a made-up one passes every check but the MAC itself. */
const MAC_BYTES = 32;

/**
 * A neighbour with access to Redis publishes on the replicas' channel: a purge of everything under a
 * made-up signature, and a message larger than any replica sends. Every replica drops both unread
 * (site_redis_rejected_messages_total); `findings.messagesForged` says when they were published, if any
 * replica was subscribed to hear them.
 */
async function messagesForged(ctx) {
  const purge = { type: 'purge', from: 'soak-neighbour', generation: String(Date.now() * 1000), prefix: '' };
  const forged = `${randomBytes(MAC_BYTES).toString('base64url')} ${JSON.stringify(purge)}`;
  const heard = [];
  for (const message of [forged, 'x'.repeat(MAX_EVENT_BYTES + 1)]) heard.push(await ctx.redis.client.publish(EVENTS_CHANNEL, message));
  if (heard.some((n) => n > 0)) ctx.findings.messagesForged.push({ atMs: ctx.clock.now(), heard });
  return `on ${EVENTS_CHANNEL}: a purge of everything with a made-up signature (${heard[0]} subscribers), a message of ${MAX_EVENT_BYTES + 1} bytes (${heard[1]})`;
}

/**
 * `list` with the replica kept down put right after the first restart fault, so that, like the other
 * restarts, it comes early and the last third has processes old enough for their memory to be judged;
 * the forged messages, which restart nothing, last.
 */
export function withAlertFaults(list) {
  const extra = [{ name: 'replica killed, kept down', group: 'replica', disruptive: true, run: replicaKeptDown }];
  const at = list.findIndex((f) => f.group === 'replica') + 1;
  const forged = { name: 'redis messages forged', group: 'redis-data', disruptive: false, run: messagesForged };
  return [...list.slice(0, at), ...extra, ...list.slice(at), forged];
}
