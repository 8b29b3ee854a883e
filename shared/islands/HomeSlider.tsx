/**
 * A home page slider as an island: the slides are server HTML in slots, laid out by
 * CSS exactly as Swiper will lay them out (so nothing moves when it starts); the island adds Swiper
 * when it comes near the viewport. The carousel semantics (region, slide groups with "3 / 8" names)
 * and the pagination buttons are its own markup, present before any script runs and counting only
 * real slides: the copies that loop mode needs for short lists are added in the browser only, out of
 * the tab order and hidden from assistive technology.
 */
import { useEffect, useRef, useState } from 'react';
import { IMAGE_SLIDER, IMAGE_SLIDER_AUTOPLAY_MS, PARTNERS_AUTOPLAY_MS, PARTNERS_SLIDER } from '../constants';
import { withLoopCopies } from './home/loop';
import { useSwiper } from './home/useSwiper';
import { island, Slot } from './island';

/** Each slider's geometry (mirrored by home.css), autoplay and whether it has pagination. */
const KINDS = {
  images: { config: IMAGE_SLIDER, autoplayMs: IMAGE_SLIDER_AUTOPLAY_MS, className: 'slider--images', pagination: true },
  partners: { config: PARTNERS_SLIDER, autoplayMs: PARTNERS_AUTOPLAY_MS, className: 'slider--partners', pagination: false },
} as const;

/** The slider's spoken texts: `{index}` and `{count}` are filled in per slide or button. */
export interface SliderLabels {
  label: string;
  slide: string;
  bullet: string;
  roleCarousel: string;
  roleSlide: string;
}

export interface HomeSliderProps {
  kind: keyof typeof KINDS;
  /** How many slides the server rendered, as slots `slide-0` … `slide-{count-1}`. */
  count: number;
  labels: SliderLabels;
}

/**
 * A label template with its `{index}` and `{count}` filled in (shared/format.ts's fill would bring that
 * module's date formatting into this chunk).
 */
const numbered = (template: string, index: number, count: number) => template.replace('{index}', String(index)).replace('{count}', String(count));

/** The slot that holds a slide's content. */
export const slideSlot = (index: number) => `slide-${index}`;

function HomeSlider({ kind, count, labels }: HomeSliderProps) {
  const { config, autoplayMs, className, pagination } = KINDS[kind];
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  // The loop copies' markup, taken from the slides once hydrated (null until then).
  const [copies, setCopies] = useState<{ index: number; html: string }[] | null>(null);
  useEffect(() => {
    const slides = ref.current?.querySelectorAll(':scope > .swiper-wrapper > .swiper-slide') ?? [];
    const indices = Array.from({ length: count }, (_, index) => index);
    setCopies(
      withLoopCopies(indices, config, true)
        .filter((slide) => slide.copy)
        .map(({ index }) => ({ index, html: slides[index]?.innerHTML ?? '' })),
    );
  }, [count, config]);
  const swiper = useSwiper(ref, config, autoplayMs, copies !== null && count > 1, (index) => setActive(index % count));
  const slideProps = (index: number) => ({
    className: 'swiper-slide',
    role: 'group',
    'aria-roledescription': labels.roleSlide,
    'aria-label': numbered(labels.slide, index + 1, count),
  });
  return (
    <div ref={ref} className={`swiper slider ${className}`} role="region" aria-roledescription={labels.roleCarousel} aria-label={labels.label}>
      <div className="swiper-wrapper">
        {Array.from({ length: count }, (_, index) => (
          <div key={index} {...slideProps(index)}>
            <Slot name={slideSlot(index)} />
          </div>
        ))}
        {copies?.map(({ index, html }, position) => (
          <div key={`copy-${position}`} {...slideProps(index)} aria-hidden inert dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </div>
      {pagination && count > 1 ? (
        <div className="slider__pagination">
          {Array.from({ length: count }, (_, index) => (
            <button
              key={index}
              type="button"
              className={`slider__bullet${index === active ? ' is-active' : ''}`}
              aria-label={numbered(labels.bullet, index + 1, count)}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => swiper.current?.slideToLoop(index)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

export default island('HomeSlider', HomeSlider, 'visible');
