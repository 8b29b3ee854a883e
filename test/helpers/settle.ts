/**
 * Waiting for the page to reach a state instead of sleeping: each helper resolves when the browser
 * says the thing has happened, however slow the machine is.
 */
import type { Page } from 'playwright-core';

/** Resolves after `count` rendered frames: layout, observers and paint of what came before have run. */
export async function afterFrames(page: Page, count = 2): Promise<void> {
  await page.evaluate(
    (n) =>
      new Promise<void>((resolve) => {
        const next = (left: number) => (left === 0 ? resolve() : requestAnimationFrame(() => next(left - 1)));
        next(n);
      }),
    count,
  );
}

/** Resolves when no finite CSS transition or animation is running (endless ones, like a marquee, aside). */
export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().endTime === Infinity),
  );
}

type SwiperElement = HTMLElement & { swiper?: { realIndex: number; animating: boolean } };

/** The index of the slide Swiper shows in `slider`. */
export function realIndex(page: Page, slider: string): Promise<number> {
  return page.$eval(slider, (el) => (el as SwiperElement).swiper!.realIndex);
}

/** Resolves when the slider has stopped moving (a turn, started by a key or a click, has finished). */
export async function sliderAtRest(page: Page, slider: string): Promise<void> {
  await page.waitForFunction((s) => {
    const swiper = document.querySelector<SwiperElement>(s)?.swiper;
    return !!swiper && !swiper.animating;
  }, slider);
}

/** Resolves when the slider shows another slide than `from`, and the turn has finished. */
export async function sliderTurned(page: Page, slider: string, from: number): Promise<void> {
  await page.waitForFunction(({ s, i }) => document.querySelector<SwiperElement>(s)?.swiper?.realIndex !== i, { s: slider, i: from });
  await sliderAtRest(page, slider);
}
