/**
 * An Await whose content suspends once although its data is present: the case in which a page that has
 * all its data still takes React's stream (server/render.tsx): renderToString leaves the boundary to the
 * client, the stream sends the fallback first and reveals the content with an inline script.
 *
 * Use as `vi.mock('../../shared/components/Await', async (original) => lateAwait(await original()))`;
 * `when` turns the lateness on and off. Server and client render the same tree: only the moment the
 * content is ready differs.
 */
import { Suspense, use, type ReactNode } from 'react';
import type * as AwaitModule from '../../shared/components/Await';
import type { Missing, Slot } from '../../shared/data';

type Module = typeof AwaitModule;

/** Each slot's wait: pending while the request renders, settled on a later turn of the event loop. */
const waits = new WeakMap<object, Promise<void>>();

function waitFor(slot: object): Promise<void> {
  let wait = waits.get(slot);
  if (!wait) {
    // renderToString and the stream's shell both run in the turn that first sees the slot: the
    // content is ready only after the shell (with its fallback) has gone to the response.
    wait = new Promise((resolve) => setTimeout(resolve, 0));
    waits.set(slot, wait);
  }
  return wait;
}

interface Props<T> {
  slot: Slot<T>;
  children: (value: T) => ReactNode;
  missing?: (why: Missing) => ReactNode;
}

export function lateAwait(actual: Module, when: () => boolean = () => true): Module {
  const { Loading, Unavailable } = actual;
  function Late<T>({ slot, children, missing }: Props<T>) {
    if (when()) use(waitFor(slot));
    const loaded = slot instanceof Promise ? use(slot) : slot;
    if (loaded.ok) return <>{children(loaded.value)}</>;
    return <>{missing ? missing(loaded.missing) : <Unavailable />}</>;
  }
  function Await<T>(props: Props<T>) {
    return (
      <Suspense fallback={<Loading />}>
        <Late {...props} />
      </Suspense>
    );
  }
  return { ...actual, Await };
}
