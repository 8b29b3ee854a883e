/**
 * A press inside an island that has not hydrated yet: a click on a button (or on a link marked
 * `data-held-click`) whose island would handle it differently from the server HTML (append the next
 * page instead of going to it, open a modal instead of the bare image). The press is held, and wakes its
 * island at once: a press is the plainest sign that the visitor wants it, and a click from assistive
 * technology, voice control or a script comes with no pointer, focus or scroll before it.
 *
 * Every held press is given back, once, by clicking its target again:
 *  - when the island has hydrated, so the island's own handler has it;
 *  - when its code failed to load or render, or it has not hydrated within HELD_PRESS_LIMIT_MS, with
 *    nothing holding it any more, so the browser does what it does without JavaScript: it follows the
 *    link, submits the form the button belongs to (checking its fields first), opens a <summary>'s
 *    details; a button that belongs to no form does nothing, as without JavaScript.
 * From then on, presses are not held: the island either handles them or the browser does.
 */

/** Which presses are held: those an island's handler would take over from the browser. */
const HELD_TARGETS = 'button, [role="button"], summary, a[data-held-click]';

/**
 * How long a press waits at most for its island: far more than a phone on a slow link needs to fetch an
 * island's code (a few seconds), so the island's behaviour is the usual end, yet short enough that a press
 * on a stalled connection still ends in the browser's own behaviour while the visitor is waiting for it.
 */
export const HELD_PRESS_LIMIT_MS = 10_000;

/**
 * Starts holding presses inside `island`, calling `onPress` at each one held. Returns the function that
 * gives back the press held (if any) and stops holding; calling it again does nothing.
 */
export function holdPresses(island: HTMLElement, onPress: () => void): () => void {
  let held: HTMLElement | null = null;
  let limit: ReturnType<typeof setTimeout> | undefined;
  const hold = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>(HELD_TARGETS);
    if (!target || !island.contains(target)) return;
    // A link's modified click (a new tab, a download) keeps its meaning at once.
    if (target instanceof HTMLAnchorElement && (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
    limit ??= setTimeout(giveBack, HELD_PRESS_LIMIT_MS);
    onPress();
  };
  const giveBack = () => {
    island.removeEventListener('click', hold, true);
    clearTimeout(limit);
    const press = held;
    held = null;
    if (press?.isConnected) press.click();
    // React removed or replaced it (an island that could not render): a link keeps its meaning.
    else if (press instanceof HTMLAnchorElement && press.href) location.assign(press.href);
  };
  island.addEventListener('click', hold, true);
  return giveBack;
}
