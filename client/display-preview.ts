/**
 * The display panel's choices shown at once (shared/components/AccessibilityPanel.tsx): where scripts run,
 * picking a text size, a contrast, images or motion, by pointer or by keyboard, puts it on <html> straight
 * away, so a visitor with low vision sees what a choice does before pressing Apply. The stylesheet does the
 * rest, as it does for the settings a page is rendered in (shared/styles/display.css).
 *
 * A choice is only shown here, never stored: Apply posts the form as it does without JavaScript, and the
 * server keeps the choice (server/display-settings.ts). Closing the panel without it (its button, or
 * Escape) puts back the settings the page was rendered in and checks their choices again, so once the
 * panel is closed the page is always in the settings every next page will be in. A visitor who previews a
 * choice and closes the panel has changed nothing, as they would expect of a form they did not send.
 *
 * Images hidden in the preview are only hidden: the descriptions the server writes in their place, and
 * images turned back on where the page was rendered without them, come with the next page once applied.
 */
import { DISPLAY_ATTRIBUTES, displayAttributes, displayFrom, displayOfDocument, type DisplaySettings } from '../shared/display';

export function previewDisplayChoices(document: Document): void {
  const panel = document.querySelector<HTMLDetailsElement>('details.a11y-panel');
  const form = panel?.querySelector('form');
  if (!panel || !form) return;
  const root = document.documentElement;
  const rendered = displayOfDocument(root);
  const show = (settings: DisplaySettings) => {
    const attributes = displayAttributes(settings);
    for (const attribute of Object.values(DISPLAY_ATTRIBUTES)) {
      const value = attributes[attribute];
      if (value === undefined) root.removeAttribute(attribute);
      else root.setAttribute(attribute, value);
    }
  };
  const chosen = () =>
    displayFrom((name) => {
      const field = form.elements.namedItem(name);
      return field instanceof RadioNodeList ? field.value : null;
    });
  const putBack = () => {
    // The choices the server rendered checked (form.reset is shadowed by the form's button named "reset").
    for (const input of form.querySelectorAll('input')) input.checked = input.defaultChecked;
    show(rendered);
  };
  form.addEventListener('change', () => show(chosen()));
  panel.addEventListener('toggle', () => {
    if (!panel.open) putBack();
  });
  panel.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !panel.open) return;
    panel.open = false;
    panel.querySelector('summary')?.focus();
  });
  // A page the back/forward cache gives back shows its panel closed, in its own settings, as a new page
  // would. This runs before client/restored-page.ts compares the page's settings with the stored ones
  // (client/entry.ts starts it first), so a choice that was only shown never makes that page load again.
  addEventListener('pageshow', (event) => {
    if (!event.persisted || !panel.open) return;
    panel.open = false;
    putBack();
  });
}
