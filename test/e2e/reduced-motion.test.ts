/**
 * With `prefers-reduced-motion: reduce` the splash never shows, page and card fades do not play, the
 * partners marquee stands still and neither slider turns by itself. Each check is made beside the same
 * page without the preference, so it fails if the motion was never there to stop.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, openPage } from '../helpers/browser';
import { sliderAtRest } from '../helpers/settle';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();

async function open(path: string, reducedMotion: 'reduce' | 'no-preference'): Promise<{ page: Page; problems: string[] }> {
  const watched = await openPage(site.browser, { viewport: { width: 1280, height: 900 }, reducedMotion });
  // The page's timers run on Playwright's clock, so "does not turn within N s" is a clock jump, not a wait.
  await watched.page.clock.install();
  await watched.page.goto(site.server.url + path);
  await hydrated(watched.page);
  return watched;
}

const animationOf = (page: Page, selector: string) =>
  page.evaluate((s) => {
    const style = getComputedStyle(document.querySelector(s)!);
    return { name: style.animationName, seconds: parseFloat(style.animationDuration), state: style.animationPlayState };
  }, selector);

const activeSlide = (page: Page, slider: string) =>
  page.evaluate((s) => document.querySelector(`${s} .swiper-slide-active`)?.getAttribute('data-swiper-slide-index') ?? null, slider);

describe('reduced motion', () => {
  it('never shows the splash', async () => {
    // The splash is server HTML, hidden until the entry script (run before DOMContentLoaded) shows it.
    const splashShown = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { page, problems } = await openPage(site.browser, { viewport: { width: 1280, height: 900 }, reducedMotion, splash: true });
      await page.goto(`${site.server.url}/about`, { waitUntil: 'domcontentloaded' });
      const shown = await page.locator('.splash').isVisible();
      expect(await page.locator('.splash').count()).toBe(1);
      return { page, problems, shown };
    };
    const moving = await splashShown('no-preference');
    expect(moving.shown).toBe(true);
    await moving.page.context().close();
    const { page, problems, shown } = await splashShown('reduce');
    expect(shown).toBe(false);
    await hydrated(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('stops the marquee, and autoplay on both sliders', async () => {
    // Longer than two autoplay intervals of the slower slider (2 s).
    const AUTOPLAY_SPAN_MS = 4500;
    const turnsAfterSpan = async (page: Page, slider: string) => {
      await page.locator(slider).scrollIntoViewIfNeeded();
      await page.waitForSelector(`${slider}.swiper-initialized`);
      await page.mouse.move(0, 0); // hovering pauses autoplay anyway: keep the pointer away
      // The clock also runs on its own: read the slide once a turn already under way has finished.
      await sliderAtRest(page, slider);
      const before = await activeSlide(page, slider);
      await page.clock.runFor(AUTOPLAY_SPAN_MS);
      return (await activeSlide(page, slider)) !== before;
    };
    const moving = await open('/', 'no-preference');
    expect((await animationOf(moving.page, '.marquee__track')).name).not.toBe('none');
    for (const slider of ['.slider--images', '.slider--partners']) expect(await turnsAfterSpan(moving.page, slider)).toBe(true);
    await moving.page.context().close();

    const { page, problems } = await open('/', 'reduce');
    const marquee = await animationOf(page, '.marquee__track');
    expect(marquee.name === 'none' || marquee.state === 'paused' || marquee.seconds < 0.001).toBe(true);
    for (const slider of ['.slider--images', '.slider--partners']) expect(await turnsAfterSpan(page, slider)).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('plays no fade between pages and no vacancy card fade-in', async () => {
    // Every navigation loads a page: the fade is the cross-document view transition, which the
    // new page sees start (or not) when it is revealed.
    const fadesInto = async (reducedMotion: 'reduce' | 'no-preference') => {
      const { page, problems } = await open('/about', reducedMotion);
      await page.addInitScript(() => {
        addEventListener('pagereveal', (event) => {
          (window as unknown as { __fade: boolean }).__fade = (event as Event & { viewTransition: unknown }).viewTransition != null;
        });
      });
      await page.locator('.tab-bar a[href$="/rektorat"]').first().click();
      await page.waitForURL(/\/rektorat$/);
      await page.waitForFunction(() => '__fade' in window);
      return { page, problems, fade: await page.evaluate(() => (window as unknown as { __fade: boolean }).__fade) };
    };
    const moving = await fadesInto('no-preference');
    expect(moving.fade).toBe(true);
    await moving.page.context().close();
    const { page, problems, fade } = await fadesInto('reduce');
    expect(fade).toBe(false);
    await page.goto(`${site.server.url}/Vacancies`);
    await hydrated(page);
    const card = await animationOf(page, '.vac-card');
    expect(card.name === 'none' || card.seconds < 0.001).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();

    const cards = await open('/Vacancies', 'no-preference');
    expect((await animationOf(cards.page, '.vac-card')).name).not.toBe('none');
    await cards.page.context().close();
  });
});
