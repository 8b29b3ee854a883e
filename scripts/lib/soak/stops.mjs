/**
 * How a replica's stop is judged. The server exits within 10 s of SIGTERM (server/index.ts): the goal
 * gives it STOP_GRACE_MS. The soak waits STOP_KILL_MS before it kills one: a replica still running then
 * is hung. A stop between the two is slow, a speed goal: a replica's last requests and its exit wait for
 * cores like everything else, and a machine busy with other work can miss it (goals.mjs).
 */
export const STOP_GRACE_MS = 20_000;
export const STOP_KILL_MS = 60_000;

/** A stop that missed the goal: killed, or exited on its own after STOP_GRACE_MS. */
export function slowStop(stop) {
  return stop.forced || stop.tookMs > STOP_GRACE_MS;
}

/** Notes a stop asked with a signal other than SIGKILL in `findings.stops`, with how long it took and whether it was killed. */
export function recordStop(findings, { atMs, replica, signal, stopped }) {
  if (!stopped || signal === 'SIGKILL') return;
  findings.stops.push({ atMs, replica, signal, tookMs: stopped.tookMs, forced: stopped.forced });
}

/** How a stop went, when it is worth saying in a fault's notes: killed, or slower than the goal. */
export function stopNote(stopped, signal) {
  if (!stopped || signal === 'SIGKILL' || !slowStop(stopped)) return '';
  return stopped.forced
    ? ` (killed: still running ${STOP_KILL_MS / 1000} s after ${signal})`
    : ` (stopped ${(stopped.tookMs / 1000).toFixed(1)} s after ${signal})`;
}
