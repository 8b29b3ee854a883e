/**
 * The browser entry: no router and no whole-page hydration. Every page is server HTML; this wakes the
 * page's islands (shared/islands/island.tsx), each when its `data-wake` says, adds the splash and the
 * loading bar (client/overlays.ts), shows the display panel's choices at once, before they are applied
 * (client/display-preview.ts), loads a page again that the back/forward cache gives back in display
 * settings the visitor has changed since (client/restored-page.ts), and on a sampled share of page views
 * measures field Web Vitals once the page is interactive (client/field-vitals-start.ts). Its own code is
 * small: React and each island's code load as their own chunks, and only on pages that have islands.
 */
import { previewDisplayChoices } from './display-preview';
import { startFieldVitals } from './field-vitals-start';
import { startOverlays } from './overlays';
import { reloadWhenRestoredInOldSettings } from './restored-page';
import { wakeIslands } from './wake';

const interactive = wakeIslands(document);
startOverlays(document);
// Before the reload check: a restored page drops a choice only shown in its panel, then is compared.
previewDisplayChoices(document);
reloadWhenRestoredInOldSettings(document);
startFieldVitals(document, interactive);
