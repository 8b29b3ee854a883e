/**
 * Which side panel is open: the state the SidePanels island sets and the ActionButton island reads
 * (the button hides while a panel is open). Two islands are two React roots, so the state lives in
 * this module, which the build puts in a chunk both share.
 */
import { useSyncExternalStore } from 'react';

export type PanelId = 'students' | 'menu';

let openPanel: PanelId | null = null;
const listeners = new Set<() => void>();

export function setOpenPanel(panel: PanelId | null): void {
  if (panel === openPanel) return;
  openPanel = panel;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open panel; none on the server and while hydrating (the page starts with every panel closed). */
export function useOpenPanel(): PanelId | null {
  return useSyncExternalStore(
    subscribe,
    () => openPanel,
    () => null,
  );
}
