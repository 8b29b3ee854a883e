/**
 * The only module that imports Swiper. It is loaded with a dynamic import() when a slider comes near
 * the viewport, so Swiper lands in its own chunk that only the home page requests, and only when it
 * is needed. Only the core is imported: pagination, carousel semantics, autoplay and arrow keys are a
 * few lines of our own around it (see ../HomeSlider.tsx and useSwiper.ts), which keeps the home page's
 * JavaScript inside its budget.
 */
import Swiper from 'swiper';
import type { SwiperOptions } from 'swiper/types';

export function createSwiper(el: HTMLElement, options: SwiperOptions): Swiper {
  return new Swiper(el, options);
}

export type { Swiper };
