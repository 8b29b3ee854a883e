import { useEffect, useState } from 'react';
import { useT } from '../../app-context';
import { ACTION_BUTTON_DELAY_MS } from '../../constants';

/**
 * The floating action button (SPEC section 2) that leads to the admission form. It hides while either
 * of its two flags is set — a side panel is open; the page has not yet scrolled past the hero — and
 * shows ACTION_BUTTON_DELAY_MS after both have cleared. It is fixed-position, so showing it moves
 * nothing; hidden, it is out of the tab order and the accessibility tree.
 */
export function ActionButton({ panelOpen, pastHero }: { panelOpen: boolean; pastHero: boolean }) {
  const t = useT();
  const blocked = panelOpen || !pastHero;
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
    <a href="#admission" className={`action-button${visible ? ' is-visible' : ''}`}>
      {t.home.actionButton}
    </a>
  );
}
