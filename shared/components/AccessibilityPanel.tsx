import { useLocation } from 'react-router';
import { useDisplay, useT } from '../app-context';
import { DISPLAY_CHOICES, DISPLAY_SETTINGS_PATH, type DisplayName, type DisplaySettings } from '../display';
import type { Dict } from '../i18n';

type PanelWords = Dict['accessibility']['panel'];

/** Each setting's legend and its choices' labels, in DISPLAY_CHOICES order. */
function choiceLabels(words: PanelWords): { [K in DisplayName]: { legend: string; labels: Record<DisplaySettings[K], string> } } {
  return {
    size: { legend: words.textSize, labels: { '100': '100 %', '125': '125 %', '150': '150 %', '200': '200 %' } },
    contrast: { legend: words.contrast, labels: { site: words.contrastSite, black: words.contrastBlack, yellow: words.contrastYellow } },
    images: { legend: words.images, labels: { on: words.imagesOn, off: words.imagesOff } },
    motion: { legend: words.motion, labels: { system: words.motionSystem, none: words.motionNone } },
  };
}

const SETTINGS = Object.keys(DISPLAY_CHOICES) as DisplayName[];

/**
 * "Maxsus imkoniyatlar": an icon button in the header's row (its name is the visible label's text, read
 * out and spoken to voice control), a disclosure whose form opens below the header: a plain POST form
 * (only the site's own pages may change the settings: server/display-settings.ts). The server stores the
 * choice in a cookie and sends the visitor back to this page, so it needs no JavaScript, and every later
 * page is rendered in the choice from its first byte.
 */
export function AccessibilityPanel() {
  const t = useT();
  const display = useDisplay();
  const { pathname, search } = useLocation();
  const words = t.accessibility.panel;
  const groups = choiceLabels(words);
  return (
    <details className="a11y-panel">
      <summary className="a11y-panel__toggle icon-button">
        <AccessibilityIcon />
        <span className="visually-hidden">{words.label}</span>
      </summary>
      <form className="a11y-panel__form" method="post" action={DISPLAY_SETTINGS_PATH}>
        <input type="hidden" name="back" value={`${pathname}${search}`} />
        {SETTINGS.map((name) => (
          <fieldset key={name} className="a11y-panel__group">
            <legend>{groups[name].legend}</legend>
            {DISPLAY_CHOICES[name].map((value) => (
              <label key={value} className="a11y-panel__choice">
                <input type="radio" name={name} value={value} defaultChecked={display[name] === value} />
                {(groups[name].labels as Record<string, string>)[value]}
              </label>
            ))}
          </fieldset>
        ))}
        <div className="a11y-panel__actions">
          <button type="submit" className="button button--small">
            {words.apply}
          </button>
          <button type="submit" name="reset" value="1" className="button button--small button--ghost">
            {words.reset}
          </button>
        </div>
      </form>
    </details>
  );
}

function AccessibilityIcon() {
  return (
    <svg className="a11y-panel__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="12" cy="4" r="2" fill="currentColor" />
      <path
        d="M4 8.5l8 1.5 8-1.5M12 10v5m0 0l-3.5 6.5M12 15l3.5 6.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
