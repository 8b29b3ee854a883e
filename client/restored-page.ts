/**
 * A page the back/forward cache gives back is the page as it was left, in the display settings it was
 * rendered in. When the visitor has changed them since (the accessibility panel's cookie), it is loaded
 * again, so that a page they come back to is in their current settings, as every page they go on to is.
 */
import { displayFromCookieHeader, displayOfDocument, displayVariant } from '../shared/display';

export function reloadWhenRestoredInOldSettings(document: Document): void {
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    const chosen = displayVariant(displayFromCookieHeader(document.cookie));
    if (chosen !== displayVariant(displayOfDocument(document.documentElement))) location.reload();
  });
}
