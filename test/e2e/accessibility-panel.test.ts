/**
 * The "Maxsus imkoniyatlar" panel in Chromium: each setting chosen with and without JavaScript applies
 * (with JavaScript shown at once, by pointer or keyboard, and put back when the panel is closed without
 * Apply), persists across pages and visits (the cookie), and is in the server's HTML and CSS from the first
 * paint (checked with scripts off); in each mode no text is below 7:1 in the high-contrast modes, no
 * page is wider than a 320 px screen at 200 % text, axe finds nothing, and the sliders stand still
 * with motion off.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hydrated, newContext, watch } from '../helpers/browser';
import { sliderAtRest, transitionsDone } from '../helpers/settle';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();
const axeSource = (createRequire(import.meta.url)('axe-core') as { source: string }).source;
const PAGES = ['/', '/ru/about', '/en/news/1', '/Vacancies', '/en/accessibility-statement'];

async function contextWith(variant: string, options: Parameters<typeof newContext>[1] = {}): Promise<BrowserContext> {
  const context = await newContext(site.browser, options);
  if (variant) await context.addCookies([{ name: 'a11y', value: variant, url: site.server.url }]);
  return context;
}

const htmlAttributes = (page: Page) =>
  page.evaluate(() => Object.fromEntries([...document.documentElement.attributes].filter((a) => a.name.startsWith('data-')).map((a) => [a.name, a.value])));

/** Chooses settings in the panel the way a visitor does: open it, pick each radio, apply. */
async function choose(page: Page, picks: Record<string, string>, submit: 'apply' | 'reset' = 'apply'): Promise<void> {
  await page.locator('.a11y-panel__toggle').click();
  for (const [name, value] of Object.entries(picks)) await page.locator(`.a11y-panel input[name="${name}"][value="${value}"]`).check();
  await Promise.all([page.waitForEvent('load'), page.locator(`.a11y-panel__actions button${submit === 'reset' ? '[name="reset"]' : ':not([name])'}`).click()]);
}

/** What a visitor sees of the display settings: text sizes, the page's colours, the images shown in the article. */
const look = (page: Page) =>
  page.evaluate(() => ({
    rootSize: getComputedStyle(document.documentElement).fontSize,
    paragraph: parseFloat(getComputedStyle(document.querySelector('main p')!).fontSize),
    color: getComputedStyle(document.body).color,
    background: getComputedStyle(document.body).backgroundColor,
    shownImages: [...document.querySelectorAll('main img')].filter((image) => image.getBoundingClientRect().height > 0).length,
  }));

/** The panel's checked choice per setting. */
const checkedChoices = (page: Page) =>
  page.$$eval('.a11y-panel input[type="radio"]:checked', (inputs) =>
    Object.fromEntries(inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])),
  );

/** Presses Tab until `selector` has the focus; the number of presses it took (fails after 40). */
async function tabTo(page: Page, selector: string): Promise<number> {
  for (let presses = 1; presses <= 40; presses++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return presses;
  }
  throw new Error(`tabTo: ${selector} was not reached by 40 presses of Tab`);
}

describe('the accessibility panel', () => {
  it('works without JavaScript: applies from the first paint, persists across pages and visits, and resets', async () => {
    const context = await contextWith('', { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${site.server.url}/ru/about`);
    await choose(page, { size: '200', contrast: 'yellow', images: 'off', motion: 'none' });
    expect(page.url()).toBe(`${site.server.url}/ru/about`);
    const chosen = { 'data-text-size': '200', 'data-contrast': 'yellow', 'data-images': 'off', 'data-motion': 'none' };
    expect(await htmlAttributes(page)).toEqual(chosen);
    // With no script at all, the look is the server's HTML and CSS alone: nothing can flash first.
    const look = () =>
      page.evaluate(() => ({
        rootSize: getComputedStyle(document.documentElement).fontSize,
        color: getComputedStyle(document.body).color,
        background: getComputedStyle(document.body).backgroundColor,
      }));
    expect(await look()).toEqual({ rootSize: '32px', color: 'rgb(255, 255, 0)', background: 'rgb(0, 0, 0)' });
    const next = await page.goto(`${site.server.url}/en/news/1`);
    expect(await next!.text()).toMatch(/<html lang="en" dir="ltr" data-text-size="200" data-contrast="yellow" data-images="off" data-motion="none">/);
    expect(await page.locator('main img').count()).toBe(0);
    const visit = await context.newPage();
    await visit.goto(`${site.server.url}/Vacancies`);
    expect(await htmlAttributes(visit)).toEqual(chosen);
    await choose(visit, {}, 'reset');
    expect(await htmlAttributes(visit)).toEqual({});
    expect((await context.cookies()).some((cookie) => cookie.name === 'a11y')).toBe(false);
    await context.close();
  });

  it('is reached by Tab and opened by Enter and Space, and its form works with JavaScript too', async () => {
    const context = await contextWith('', { viewport: { width: 375, height: 800 } });
    const { page, problems } = watch(await context.newPage());
    await page.goto(`${site.server.url}/en/about`);
    await hydrated(page);
    // In the header's row: after the skip link, the logo and the menu button.
    expect(await tabTo(page, '.a11y-panel__toggle')).toBe(4);
    await page.keyboard.press('Enter');
    expect(await page.locator('.a11y-panel').getAttribute('open')).toBe('');
    await page.keyboard.press('Space');
    expect(await page.locator('.a11y-panel').getAttribute('open')).toBeNull();
    await page.keyboard.press('Space');
    await page.locator('.a11y-panel input[name="contrast"][value="black"]').check();
    await page.locator('.a11y-panel input[name="size"][value="150"]').focus();
    await page.keyboard.press('Space');
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect(page.url()).toBe(`${site.server.url}/en/about`);
    await hydrated(page);
    expect(await htmlAttributes(page)).toEqual({ 'data-text-size': '150', 'data-contrast': 'black' });
    expect(await page.locator('.a11y-panel input[name="size"][value="150"]').isChecked()).toBe(true);
    // Widgets still work in the mode: the phone menu opens.
    await page.locator('.site-header__toggle').click();
    await page.waitForSelector('#main-nav.is-open');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('with JavaScript shows a choice clicked at once, before Apply, which then keeps it; closed without Apply, the page is as it was', async () => {
    const context = await contextWith('', { viewport: { width: 375, height: 800 } });
    const { page, problems } = watch(await context.newPage());
    const posted: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posted.push(request.url()));
    await page.goto(`${site.server.url}/en/news/1`);
    await hydrated(page);
    const before = await look(page);
    expect(before.rootSize).toBe('16px');
    expect(before.shownImages).toBeGreaterThan(0);
    await page.locator('.a11y-panel__toggle').click();
    await page.locator('.a11y-panel input[name="size"][value="200"]').check();
    // Before Apply: the page's text is twice as large already, and nothing has been sent or stored.
    expect(await htmlAttributes(page)).toEqual({ 'data-text-size': '200' });
    const larger = await look(page);
    expect(larger.rootSize).toBe('32px');
    expect(larger.paragraph).toBe(before.paragraph * 2);
    await page.locator('.a11y-panel input[name="contrast"][value="yellow"]').check();
    await page.locator('.a11y-panel input[name="images"][value="off"]').check();
    expect(await look(page)).toMatchObject({ color: 'rgb(255, 255, 0)', background: 'rgb(0, 0, 0)', shownImages: 0 });
    expect(posted).toEqual([]);
    expect((await context.cookies()).some((cookie) => cookie.name === 'a11y')).toBe(false);
    // Closed by its button without Apply: the page is back in the settings it was rendered in, as are the choices.
    await page.locator('.a11y-panel__toggle').click();
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-text-size'));
    expect(await htmlAttributes(page)).toEqual({});
    expect(await look(page)).toEqual(before);
    expect(await checkedChoices(page)).toEqual({ size: '100', contrast: 'site', images: 'on', motion: 'system' });
    // Chosen again and applied: kept, on this page and the next, as without JavaScript.
    await page.locator('.a11y-panel__toggle').click();
    await page.locator('.a11y-panel input[name="size"][value="200"]').check();
    await Promise.all([page.waitForEvent('load'), page.locator('.a11y-panel__actions button:not([name])').click()]);
    expect(page.url()).toBe(`${site.server.url}/en/news/1`);
    expect(posted).toEqual([`${site.server.url}/accessibility`]);
    expect((await context.cookies()).find((cookie) => cookie.name === 'a11y')?.value).toBe('size:200');
    expect(await htmlAttributes(page)).toEqual({ 'data-text-size': '200' });
    expect((await look(page)).rootSize).toBe('32px');
    const next = await page.goto(`${site.server.url}/ru/about`);
    expect(await next!.text()).toContain('<html lang="ru" dir="ltr" data-text-size="200">');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('with JavaScript shows a choice made with the arrow keys at once; Escape puts back the settings the page has', async () => {
    const context = await contextWith('contrast:black', { viewport: { width: 1280, height: 800 } });
    const { page, problems } = watch(await context.newPage());
    await page.goto(`${site.server.url}/en/news/1`);
    await hydrated(page);
    const before = await look(page);
    expect(before).toMatchObject({ rootSize: '16px', color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)' });
    await tabTo(page, '.a11y-panel__toggle');
    await page.keyboard.press('Enter');
    // Tab enters each group at its checked choice; the arrow keys check the next one.
    await page.keyboard.press('Tab');
    for (let step = 0; step < 3; step++) await page.keyboard.press('ArrowDown');
    expect((await look(page)).rootSize).toBe('32px');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    expect((await look(page)).background).toBe('rgb(0, 0, 0)');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect((await look(page)).shownImages).toBe(0);
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect(await htmlAttributes(page)).toEqual({ 'data-text-size': '200', 'data-contrast': 'yellow', 'data-images': 'off', 'data-motion': 'none' });
    expect(await checkedChoices(page)).toEqual({ size: '200', contrast: 'yellow', images: 'off', motion: 'none' });
    // The page previewed, its panel open, is as readable as when the settings are applied.
    expect(await lowContrastText(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    // Escape closes the panel without applying, the focus back on its button, the page as it was rendered.
    await page.keyboard.press('Escape');
    expect(await page.locator('.a11y-panel').getAttribute('open')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.matches('.a11y-panel__toggle'))).toBe(true);
    await page.waitForFunction(() => !document.documentElement.hasAttribute('data-text-size'));
    expect(await htmlAttributes(page)).toEqual({ 'data-contrast': 'black' });
    expect(await look(page)).toEqual(before);
    expect(await checkedChoices(page)).toEqual({ size: '100', contrast: 'black', images: 'on', motion: 'system' });
    // Opened again, 125 % chosen and applied with Enter from its choice.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    expect((await look(page)).rootSize).toBe('20px');
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    expect((await context.cookies()).find((cookie) => cookie.name === 'a11y')?.value).toBe('size:125|contrast:black');
    expect(await htmlAttributes(page)).toEqual({ 'data-text-size': '125', 'data-contrast': 'black' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each(['uz', 'ru'])('on a desktop (%s) is the button after the menus, and opens its form below the header, next in the Tab order', async (lang) => {
    const context = await contextWith('', { viewport: { width: 1280, height: 800 } });
    const { page, problems } = watch(await context.newPage());
    await page.goto(`${site.server.url}${lang === 'uz' ? '' : `/${lang}`}/about`);
    await hydrated(page);
    // The skip link, the logo, the home link and the seven menus.
    expect(await tabTo(page, '.a11y-panel__toggle')).toBe(11);
    await page.keyboard.press('Enter');
    const [header, form] = await page.$$eval('.site-header, .a11y-panel__form', (elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
    expect(form!.top).toBeGreaterThanOrEqual(header!.bottom - 1);
    expect(form!.bottom).toBeLessThanOrEqual(800);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('.a11y-panel__form') !== null)).toBe(true);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Space');
    expect(await page.locator('.a11y-panel').getAttribute('open')).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('changed only from the site’s own pages', () => {
  it('a link or a form on another site changes nothing: the link only leads to the page, the form is refused', async () => {
    // Another site: a page on another host name (localhost is not 127.0.0.1) that links and posts here.
    const settings = `${site.server.url}/accessibility`;
    const other = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<a href="${settings}?size=200&amp;images=off&amp;back=%2Fru%2Fabout">big text</a>` +
          `<form method="post" action="${settings}"><input name="size" value="200"><input name="back" value="/ru/about"><button>go</button></form>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, 'localhost', resolve));
    const context = await contextWith('');
    const { page } = watch(await context.newPage());
    try {
      const elsewhere = `http://localhost:${(other.address() as AddressInfo).port}/`;
      await page.goto(elsewhere);
      await Promise.all([page.waitForURL(`${site.server.url}/ru/about`), page.click('a')]);
      expect(await htmlAttributes(page)).toEqual({});
      await page.goto(elsewhere);
      const [answer] = await Promise.all([page.waitForResponse(settings), page.click('button')]);
      expect(answer.status()).toBe(403);
      expect((await context.cookies()).some((cookie) => cookie.name === 'a11y')).toBe(false);
      // The same browser still changes them from the site's own panel.
      await page.goto(`${site.server.url}/ru/about`);
      await choose(page, { size: '200' });
      expect(await htmlAttributes(page)).toEqual({ 'data-text-size': '200' });
    } finally {
      await context.close();
      other.close();
    }
  });

  it('is never fetched or rendered ahead by the speculation rules, unlike the pages around it', async () => {
    const { page } = watch(await site.shared.newPage());
    await page.goto(`${site.server.url}/en/about`);
    // Each href against the rules as the page carries them, read with Chromium's own URLPattern and selectors.
    const speculated = await page.evaluate(
      (hrefs) => {
        type Where = { and?: Where[]; not?: Where; href_matches?: string | string[]; selector_matches?: string };
        // Chromium's URLPattern; the DOM types of this TypeScript do not have it yet.
        const { URLPattern } = window as unknown as { URLPattern: new (pattern: string, base: string) => { test(url: string): boolean } };
        const rules = JSON.parse(document.querySelector('script[type="speculationrules"]')!.textContent) as Record<string, Array<{ where: Where }>>;
        const matches = (where: Where, link: HTMLAnchorElement): boolean => {
          if (where.and) return where.and.every((each) => matches(each, link));
          if (where.not) return !matches(where.not, link);
          if (where.selector_matches) return link.matches(where.selector_matches);
          const patterns = ([] as string[]).concat(where.href_matches ?? []);
          return patterns.some((pattern) => new URLPattern(pattern, document.baseURI).test(link.href));
        };
        return Object.fromEntries(
          hrefs.map((href) => {
            const link = Object.assign(document.createElement('a'), { href });
            return [href, Object.entries(rules).flatMap(([action, list]) => (list.some((rule) => matches(rule.where, link)) ? [action] : []))];
          }),
        );
      },
      ['/accessibility', '/accessibility/', '/accessibility?size=200&back=%2F', '/accessibility-statement', '/en/accessibility-statement', '/en/about'],
    );
    expect(speculated).toEqual({
      '/accessibility': [],
      '/accessibility/': [],
      '/accessibility?size=200&back=%2F': [],
      '/accessibility-statement': ['prerender', 'prefetch'],
      '/en/accessibility-statement': ['prerender', 'prefetch'],
      '/en/about': ['prerender', 'prefetch'],
    });
    await page.close();
  });
});

/** Visible text below 7:1 against the first opaque background behind it, one line per element. */
function lowContrastText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const background = (element: Element | null): number[] => {
      for (let at = element; at; at = at.parentElement) {
        const color = rgb(getComputedStyle(at).backgroundColor);
        if (color.length === 3 || color[3] === 1) return color;
      }
      return [255, 255, 255];
    };
    const low: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      const hasText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim() !== '');
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (!hasText || box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue;
      const [a, b] = [luminance(rgb(style.color)), luminance(background(element))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 7) low.push(`${element.tagName}.${element.className} ${ratio.toFixed(2)}`);
    }
    return low;
  });
}

async function axeFindings(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (d: Document, o: object) => Promise<{ violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }> }> };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} ${n.target.join(' ')}`));
}

describe.each([
  ['size:200', 320],
  ['contrast:black', 1280],
  ['size:200|contrast:yellow|images:off|motion:none', 320],
])('in %s at %i px', (variant, width) => {
  it.each(PAGES)('%s: no overflow, text at 7:1 in the high-contrast modes, axe clean', async (path) => {
    const context = await contextWith(variant, { viewport: { width, height: 800 } });
    const { page, problems } = watch(await context.newPage());
    await page.goto(site.server.url + path);
    await hydrated(page);
    await transitionsDone(page);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
    if (variant.includes('contrast')) expect(await lowContrastText(page)).toEqual([]);
    expect(await axeFindings(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('motion "none"', () => {
  it('stops the marquee and both sliders, whatever the system says', async () => {
    const context = await contextWith('motion:none', { viewport: { width: 1280, height: 900 }, reducedMotion: 'no-preference' });
    const { page, problems } = watch(await context.newPage());
    await page.clock.install();
    await page.goto(site.server.url + '/');
    await hydrated(page);
    const marquee = await page.evaluate(() => getComputedStyle(document.querySelector('.marquee__track')!).animationName);
    expect(marquee).toBe('none');
    for (const slider of ['.slider--images', '.slider--partners']) {
      await page.locator(slider).scrollIntoViewIfNeeded();
      await page.waitForSelector(`${slider}.swiper-initialized`);
      await page.mouse.move(0, 0);
      await sliderAtRest(page, slider);
      const active = () => page.evaluate((s) => document.querySelector(`${s} .swiper-slide-active`)?.getAttribute('data-swiper-slide-index'), slider);
      const before = await active();
      await page.clock.runFor(4500);
      expect(await active()).toBe(before);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
