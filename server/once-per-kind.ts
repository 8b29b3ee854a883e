/**
 * A warning that a hostile or broken peer could make on every request (a backend field past its bound, an
 * entry refused from Redis), told at most once per kind in each interval, with how many of that kind were
 * held back since the last one: the log says that it goes on, without a line for each.
 */
export type OncePerKind<K> = (kind: K, tell: (alsoSince: number) => void) => void;

export function oncePerKind<K>(intervalMs: number, now: () => number = () => Date.now()): OncePerKind<K> {
  /** Until when each kind is held, and how many were held meanwhile. */
  const held = new Map<K, { until: number; count: number }>();
  return (kind, tell) => {
    const at = now();
    const quiet = held.get(kind);
    if (quiet && at < quiet.until) {
      quiet.count++;
      return;
    }
    held.set(kind, { until: at + intervalMs, count: 0 });
    tell(quiet?.count ?? 0);
  };
}
