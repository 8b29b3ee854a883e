/**
 * Renders one piece of loader data (a Slot). Settled data renders at once; data the server chose to
 * stream (a promise) suspends behind the 'Loading...' fallback (docs/behaviour.md). The Suspense boundary is always
 * there, so server and client trees match whichever way the data arrived.
 */
import { Suspense, use, type ReactNode } from 'react';
import { useT } from '../app-context';
import type { Loaded, Missing, Slot } from '../data';

interface AwaitProps<T> {
  slot: Slot<T>;
  children: (value: T) => ReactNode;
  /** What to show when the data is missing; by default an unobtrusive notice. */
  missing?: (why: Missing) => ReactNode;
}

export function Await<T>({ slot, children, missing }: AwaitProps<T>) {
  return (
    <Suspense fallback={<Loading />}>
      <Settled slot={slot} render={children} missing={missing} />
    </Suspense>
  );
}

function Settled<T>({ slot, render, missing }: { slot: Slot<T>; render: (value: T) => ReactNode; missing?: (why: Missing) => ReactNode }) {
  const loaded: Loaded<T> = slot instanceof Promise ? use(slot) : slot;
  if (loaded.ok) return <>{render(loaded.value)}</>;
  return <>{missing ? missing(loaded.missing) : <Unavailable />}</>;
}

export function Loading() {
  const t = useT();
  return (
    <p className="loading" role="status">
      {t.common.loading}
    </p>
  );
}

export function Unavailable() {
  const t = useT();
  return <p className="notice">{t.common.unavailable}</p>;
}

export function EmptyState() {
  const t = useT();
  return <p className="notice">{t.common.empty}</p>;
}
