import type { MouseEvent } from 'react';

/** Whether a click asks for this tab to follow the link (not a new tab or window, a download, a menu). */
export function plainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.getAttribute('target');
  return (
    !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
  );
}
