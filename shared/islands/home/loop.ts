import type { SliderConfig, SliderLayout } from '../../constants';

/**
 * How many slides Swiper's loop mode needs for one layout (swiper's loopFix): the slides in view,
 * rounded up (and made odd when centred), plus the slides it keeps on the sides.
 */
function slidesNeeded(layout: SliderLayout, centered: boolean): number {
  let inView = Math.ceil(layout.slidesPerView);
  if (!centered) return inView + 1;
  if (inView % 2 === 0) inView += 1;
  return inView + Math.max(1, Math.ceil(inView / 2));
}

/** Slides a list must have so that loop mode works at every breakpoint of `config`. */
export function loopMinimum(config: SliderConfig): number {
  return Math.max(...[config, ...Object.values(config.breakpoints)].map((layout) => slidesNeeded(layout, config.centered)));
}

/**
 * The items to render after hydration: the list itself, then copies from its start until loop mode
 * has enough slides (Swiper's own advice for short lists). Copies are marked so they can be hidden
 * from assistive technology; a list of one is never looped.
 */
export function withLoopCopies<T>(items: T[], config: SliderConfig, enabled: boolean): LoopSlide<T>[] {
  const own = items.map((item, index) => ({ item, index, copy: false }));
  if (!enabled || items.length < 2) return own;
  const missing = Math.max(0, loopMinimum(config) - items.length);
  const copies = Array.from({ length: missing }, (_, i) => ({ item: items[i % items.length]!, index: i % items.length, copy: true }));
  return [...own, ...copies];
}

/** A slide to render: the item, its position in the original list, and whether it is a loop copy. */
export interface LoopSlide<T> {
  item: T;
  index: number;
  copy: boolean;
}
