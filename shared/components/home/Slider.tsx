import { useRef, useState, type ReactNode } from 'react';
import type { SliderConfig } from '../../constants';
import { fill } from '../../format';
import { useHydrated } from '../../hooks';
import { withLoopCopies, type LoopSlide } from './loop';
import { useSwiper } from './useSwiper';

/** The slider's spoken texts: `{index}` and `{count}` are filled in per slide or button. */
export interface SliderLabels {
  label: string;
  slide: string;
  bullet: string;
  roleCarousel: string;
  roleSlide: string;
}

interface SliderProps<T> {
  items: T[];
  config: SliderConfig;
  autoplayMs: number;
  labels: SliderLabels;
  /** Modifier class; home.css gives each slider its breakpoint geometry. */
  className: string;
  pagination?: boolean;
  itemKey: (item: T) => string;
  renderSlide: (slide: LoopSlide<T>) => ReactNode;
}

/**
 * A slider as plain server markup in Swiper's structure, laid out by CSS exactly as Swiper will lay
 * it out (so nothing moves when it starts), then enhanced by Swiper. The carousel semantics (region,
 * slide groups with "3 / 8" names) and the pagination buttons are our own markup, present before
 * any script runs and counting only real slides: the copies that loop mode needs for short lists are
 * added in the browser only and hidden from assistive technology.
 */
export function Slider<T>({ items, config, autoplayMs, labels, className, pagination = false, itemKey, renderSlide }: SliderProps<T>) {
  const ref = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [active, setActive] = useState(0);
  const count = items.length;
  const swiper = useSwiper(ref, config, autoplayMs, hydrated && count > 1, (index) => setActive(index % count));
  return (
    <div ref={ref} className={`swiper slider ${className}`} role="region" aria-roledescription={labels.roleCarousel} aria-label={labels.label}>
      <div className="swiper-wrapper">
        {withLoopCopies(items, config, hydrated).map((slide, position) => (
          <div
            key={slide.copy ? `copy-${position}` : itemKey(slide.item)}
            className="swiper-slide"
            role="group"
            aria-roledescription={labels.roleSlide}
            aria-label={fill(labels.slide, { index: slide.index + 1, count })}
            aria-hidden={slide.copy || undefined}
          >
            {renderSlide(slide)}
          </div>
        ))}
      </div>
      {pagination && count > 1 ? (
        <div className="slider__pagination">
          {items.map((item, index) => (
            <button
              key={itemKey(item)}
              type="button"
              className={`slider__bullet${index === active ? ' is-active' : ''}`}
              aria-label={fill(labels.bullet, { index: index + 1, count })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => swiper.current?.slideToLoop(index)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
