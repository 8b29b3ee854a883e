/**
 * Islands: the server renders whole pages; in the browser only the interactive parts hydrate, each as
 * its own React root (client/islands.ts starts them). An island is a component that takes everything it
 * needs as JSON props, no context: the server writes those props beside its HTML, and the browser
 * hydrates the same component with the same props, so the two renders cannot differ.
 *
 * A part of an island that never changes (a menu's links, a slide's text) can stay server HTML inside
 * it: the island renders a <Slot>, which holds the server's children on the server and in the browser
 * keeps the markup it finds without hydrating it. Slots must be rendered unconditionally, in the same
 * place on every render, or React would remove their content.
 */
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import type { IslandName } from './names';

/**
 * When an island's code loads and hydrates: `load` at once (above the fold and needed at once),
 * `idle` when the browser is idle, `visible` when it comes near the viewport, `interaction` at the first
 * pointer, touch, key or focus inside it, `settled` once the page is interactive (its `load` and `idle`
 * islands have hydrated) and then as soon as it comes near the viewport or the browser is idle: for a
 * part that shows itself but whose code must not compete with the page's first scripts. Every island
 * also wakes early on an interaction inside it, a bare click included (client/held-press.ts).
 */
export type Wake = 'load' | 'idle' | 'visible' | 'interaction' | 'settled';

export interface IslandDefinition<P> {
  name: IslandName;
  Component: ComponentType<P>;
  wake: Wake;
}

/** The element an island's HTML sits in (display: contents, so layout is as if it were not there). */
export const ISLAND_TAG = 'ztu-island';
const SLOT_TAG = 'ztu-slot';

type Slots = Record<string, ReactNode>;
const SlotsContext = createContext<Slots | null>(null);

/**
 * What the server needs to write an island: its chunks to preload (from the build's manifest), each
 * only once per page (every island shares React's chunk).
 */
export interface IslandAssets {
  unannounced: (name: IslandName, wake: 'load' | 'idle') => readonly string[];
}
export const IslandAssetsContext = createContext<IslandAssets | null>(null);

/**
 * Defines an island. The result renders it on the server (`<Header {...props} slots={…} />`) and
 * carries its definition for the browser's registry.
 */
export function island<P extends object>(name: IslandName, Component: ComponentType<P>, wake: Wake) {
  function ServerIsland({ slots, ...props }: P & { slots?: Slots }) {
    const assets = useContext(IslandAssetsContext);
    // The code of an island that wakes at once is announced to the browser as early as the stream
    // allows (React writes the hints into the head when the page is rendered whole). That of one that
    // wakes when the browser is idle is named on the island and fetched once the page has been painted
    // (client/wake.ts): announced in the head, even at low priority, React's chunk is fetched beside the
    // stylesheet the first paint waits for, sharing a slow link with it. A chunk is named
    // once (React's is named again by an island that wakes at once, which needs it in the head). The code
    // of one that waits to be seen or used, or for the page to be interactive, is not fetched before then.
    const chunks = wake === 'load' || wake === 'idle' ? (assets?.unannounced(name, wake) ?? []) : [];
    if (wake === 'load') for (const href of chunks) preloadModule(href, { as: 'script' });
    return (
      <ztu-island
        data-island={name}
        data-wake={wake}
        data-chunks={wake === 'idle' && chunks.length > 0 ? chunks.join(' ') : undefined}
        data-props={JSON.stringify(props)}
      >
        <SlotsContext value={slots ?? null}>
          <Component {...(props as P)} />
        </SlotsContext>
      </ztu-island>
    );
  }
  ServerIsland.island = { name, Component, wake } satisfies IslandDefinition<P>;
  return ServerIsland;
}

/** Keeps the markup React finds as it is: the browser side of a slot, never re-rendered. */
const KEEP = { __html: '' };

/** Server HTML inside an island, kept as it is in the browser (see the file's comment). */
export function Slot({ name }: { name: string }) {
  const slots = useContext(SlotsContext);
  if (slots) return <ztu-slot>{slots[name]}</ztu-slot>;
  return <ztu-slot suppressHydrationWarning dangerouslySetInnerHTML={KEEP} />;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      [ISLAND_TAG]: React.HTMLAttributes<HTMLElement> & { 'data-island': string; 'data-wake': Wake; 'data-chunks'?: string; 'data-props': string };
      [SLOT_TAG]: React.HTMLAttributes<HTMLElement>;
    }
  }
}
