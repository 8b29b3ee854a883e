import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import type { SliderConfig } from '../../constants';
import type { Swiper } from './swiper-setup';
import { motionReduced } from '../../display';

/**
 * Turns the server-rendered slides inside `ref` (.swiper > .swiper-wrapper > .swiper-slide) into a
 * looping Swiper once `enabled` (hydrated, with at least two slides). Swiper is imported then, so it
 * loads only when a slider's island wakes (when it comes near the viewport).
 *  - Autoplay: the next slide `autoplayMs` after the last change settled; paused while the pointer is
 *    over the slider or focus is inside it; never for prefers-reduced-motion (changes are instant).
 *  - Keyboard: Tab reaches the links and pagination buttons (a focused slide out of view is brought
 *    in); Left and Right arrows turn the slider while focus is inside it.
 * `onIndex` hears the index of the slide now in front; the returned ref holds the instance.
 */
export function useSwiper(
  ref: RefObject<HTMLElement | null>,
  config: SliderConfig,
  autoplayMs: number,
  enabled: boolean,
  onIndex: (index: number) => void,
): RefObject<Swiper | null> {
  const swiperRef = useRef<Swiper | null>(null);
  const onIndexRef = useRef(onIndex);
  useLayoutEffect(() => {
    onIndexRef.current = onIndex;
  });

  useEffect(() => {
    const el = ref.current;
    if (!el || !enabled) return;
    let cancelled = false;
    let hovered = false;
    let focused = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reduced = motionReduced();
    // Announce slide changes only when they are not automatic.
    el.querySelector('.swiper-wrapper')?.setAttribute('aria-live', reduced ? 'polite' : 'off');

    const schedule = () => {
      clearTimeout(timer);
      const swiper = swiperRef.current;
      if (swiper && !reduced && !hovered && !focused) timer = setTimeout(() => swiper.slideNext(), autoplayMs);
    };
    const onEnter = () => ((hovered = true), schedule());
    const onLeave = () => ((hovered = false), schedule());
    const onFocusIn = (event: FocusEvent) => {
      focused = true;
      schedule();
      // A link in a slide out of view got focus: the browser has scrolled the clipping container to
      // show it; undo that and bring the slide into view the Swiper way instead.
      el.scrollLeft = 0;
      const slide = (event.target as HTMLElement).closest<HTMLElement>('.swiper-slide');
      if (slide?.dataset.swiperSlideIndex && !slide.classList.contains('swiper-slide-visible')) {
        swiperRef.current?.slideToLoop(Number(slide.dataset.swiperSlideIndex));
      }
    };
    const onFocusOut = (event: FocusEvent) => {
      if (el.contains(event.relatedTarget as Node | null)) return;
      focused = false;
      schedule();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') swiperRef.current?.slidePrev();
      else if (event.key === 'ArrowRight') swiperRef.current?.slideNext();
    };
    el.addEventListener('pointerenter', onEnter);
    el.addEventListener('pointerleave', onLeave);
    el.addEventListener('focusin', onFocusIn);
    el.addEventListener('focusout', onFocusOut);
    el.addEventListener('keydown', onKey);

    import('./swiper-setup')
      .then(({ createSwiper }) => {
        if (cancelled) return;
        const swiper = createSwiper(el, {
          slidesPerView: config.slidesPerView,
          spaceBetween: config.spaceBetween,
          centeredSlides: config.centered,
          breakpoints: config.breakpoints,
          loop: true,
          // Marks the slides in view (swiper-slide-visible), so focus moves only what is hidden.
          watchSlidesProgress: true,
          ...(reduced ? { speed: 0 } : {}),
        });
        swiper.on('realIndexChange', () => onIndexRef.current(swiper.realIndex));
        // The autoplay clock restarts whenever a change settles, whoever made it.
        swiper.on('slideChangeTransitionEnd', schedule);
        swiper.on('touchStart', () => clearTimeout(timer));
        swiper.on('touchEnd', schedule);
        swiperRef.current = swiper;
        schedule();
      })
      .catch((error: unknown) => console.error('Slider failed to start', error));

    return () => {
      cancelled = true;
      clearTimeout(timer);
      el.removeEventListener('pointerenter', onEnter);
      el.removeEventListener('pointerleave', onLeave);
      el.removeEventListener('focusin', onFocusIn);
      el.removeEventListener('focusout', onFocusOut);
      el.removeEventListener('keydown', onKey);
      swiperRef.current?.destroy(true, true);
      swiperRef.current = null;
    };
  }, [ref, config, autoplayMs, enabled]);

  return swiperRef;
}
