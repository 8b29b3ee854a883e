import { useEffect, useState } from 'react';
import { HEADER_SCROLL_LARGE_PX, HEADER_SCROLL_SMALL_PX, ORANGE_HEADING_FIRST, ORANGE_HEADING_SECOND } from '../../constants';

const ORANGE_RULES = { first: ORANGE_HEADING_FIRST, second: ORANGE_HEADING_SECOND } as const;

/**
 * The home page's scroll effects (docs/behaviour.md), from one passive scroll listener that does
 * its work at most once per animation frame:
 *  - the site header's state: data-scroll="small" past 40 px, "large" past 460 px (home.css styles
 *    them with colour and shadow only, so the header never changes size);
 *  - orange headings: item i of a `data-orange-list="first"` list turns orange past 4200 + 200·i px,
 *    of a "second" list past 8800 + 65·i px;
 *  - whether the page has scrolled past the hero, the element `heroId` names (returned; the action
 *    button waits for it).
 * Everything it set is removed when the island unmounts.
 */
export function useScrollEffects(heroId: string): boolean {
  const [pastHero, setPastHero] = useState(false);

  useEffect(() => {
    const header = document.querySelector<HTMLElement>('.site-header');
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      if (header) {
        const state = y > HEADER_SCROLL_LARGE_PX ? 'large' : y > HEADER_SCROLL_SMALL_PX ? 'small' : null;
        if (state) header.dataset.scroll = state;
        else delete header.dataset.scroll;
      }
      for (const list of document.querySelectorAll<HTMLElement>('[data-orange-list]')) {
        const rule = ORANGE_RULES[list.dataset.orangeList as keyof typeof ORANGE_RULES];
        if (!rule) continue;
        list.querySelectorAll('li').forEach((item, index) => item.classList.toggle('is-orange', y > rule.basePx + rule.perItemPx * index));
      }
      const hero = document.getElementById(heroId);
      setPastHero(hero ? hero.getBoundingClientRect().bottom <= 0 : false);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      if (header) delete header.dataset.scroll;
      document.querySelectorAll('[data-orange-list] .is-orange').forEach((item) => item.classList.remove('is-orange'));
    };
  }, [heroId]);

  return pastHero;
}
