/**
 * Faults the soak adds for its alerts (./alerts.mjs): a fault each alert rule can be proven on. The other
 * faults (./faults.mjs) prove most of them; a replica down, which every restart there is too short to be
 * more than a blip, needs one that lasts.
 */
import { restartReplica } from './faults.mjs';

/** Long enough for SiteReplicaDown's `for:` at the soak's time scale (2m / 30 = 4 s), three times over. */
export const REPLICA_DOWN_MS = 12_000;

const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** A replica killed and left down, as a crashed container whose restart policy waits. */
async function replicaKeptDown(ctx) {
  const replica = pick(ctx.replicas.filter((r) => r.live));
  if (!replica) return 'no live replica';
  const restarted = await restartReplica(ctx, replica, 'SIGKILL', REPLICA_DOWN_MS);
  return `SIGKILL, left down ${REPLICA_DOWN_MS / 1000} s; ${restarted}`;
}

/**
 * `list` with the alert faults put right after the first restart fault, so that, like the other
 * restarts, they come early and the last third has processes old enough for their memory to be judged.
 */
export function withAlertFaults(list) {
  const extra = [{ name: 'replica killed, kept down', group: 'replica', disruptive: true, run: replicaKeptDown }];
  const at = list.findIndex((f) => f.group === 'replica') + 1;
  return [...list.slice(0, at), ...extra, ...list.slice(at)];
}
