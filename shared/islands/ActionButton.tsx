/**
 * The floating action button that leads to the admission form, and the home page's
 * scroll effects it depends on (home/useScrollEffects.ts: the header's scroll states, the orange
 * headings, whether the page is past the hero). The button hides while either of its two flags is
 * set — a side panel is open; the page has not yet scrolled past the hero — and shows
 * ACTION_BUTTON_DELAY_MS after both have cleared. It is fixed-position, so showing it moves nothing;
 * hidden, it is out of the tab order and the accessibility tree.
 */
import { useEffect, useState } from 'react';
import { ACTION_BUTTON_DELAY_MS } from '../constants';
import { useOpenPanel } from './home/panel-state';
import { useScrollEffects } from './home/useScrollEffects';
import { island } from './island';

export interface ActionButtonProps {
  label: string;
  /** The admission form's anchor (`#admission`). */
  href: string;
  /** The hero's id: the button waits until the page has scrolled past it. */
  heroId: string;
}

function ActionButton({ label, href, heroId }: ActionButtonProps) {
  const pastHero = useScrollEffects(heroId);
  const blocked = useOpenPanel() !== null || !pastHero;
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (blocked) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- hides at once what a timer showed
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), ACTION_BUTTON_DELAY_MS);
    return () => clearTimeout(timer);
  }, [blocked]);
  return (
    <a href={href} className={`action-button${visible ? ' is-visible' : ''}`}>
      {label}
    </a>
  );
}

export default island('ActionButton', ActionButton, 'idle');
