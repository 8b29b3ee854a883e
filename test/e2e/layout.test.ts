/**
 * Layout a visitor sees, measured on computed boxes (not pixels) in a real Chromium: the main
 * navigation on one row from 1200 px up and a one-row header on phones in all three languages, phone
 * numbers never broken, two study-field columns and equal partner cards on phones. That no screen
 * scrolls sideways at the widths people use is judged where every screen is loaded anyway, beside axe
 * (test/quality/screens.test.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dict } from '../../shared/i18n';
import { LANGS, localePath } from '../../shared/lang';
import { accessibleOf } from '../helpers/accessible-name';
import { hydrated, newContext } from '../helpers/browser';
import { sharedPage, useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();

async function open(width: number, path: string, height = 900): Promise<Page> {
  const { page } = await sharedPage(site, { width, height });
  await page.goto(site.server.url + path);
  await hydrated(page);
  return page;
}

/** Tops of the boxes matching `selector` that are shown, rounded to whole pixels. */
const tops = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements.filter((element) => element.getClientRects().length > 0).map((element) => Math.round(element.getBoundingClientRect().top)),
  );

describe('the main navigation', () => {
  for (const lang of LANGS) {
    for (const width of [1200, 1280, 1440]) {
      it(`fits one row at ${width} px (${lang}), beside the logo and the tools`, async () => {
        const page = await open(width, localePath(lang, '/about'));
        const items = await tops(page, '#main-nav > .nav__list > li');
        expect(items.length).toBeGreaterThanOrEqual(8);
        expect(new Set(items).size).toBe(1);
        expect(await page.isVisible('.site-header__toggle')).toBe(false);
        const bar = await page.$eval('.site-header__bar', (element) => element.getBoundingClientRect().height);
        expect(bar).toBeLessThanOrEqual(80);
        // The tools (language, display panel, search, login) stay inside the row's container.
        const row = await page.$eval('.site-header__bar', (element) => element.getBoundingClientRect().right);
        const tools = await page.$$eval('.site-header__tools > li', (items) => Math.max(...items.map((item) => item.getBoundingClientRect().right)));
        expect(tools).toBeLessThanOrEqual(row + 0.5);
        // An open dropdown opens below the row: it covers no other menu item.
        await page.locator('#main-nav .dropdown__trigger').first().click();
        const panel = await page.$eval('#main-nav .dropdown.is-open .dropdown__panel', (element) => element.getBoundingClientRect().top);
        const bottoms = await page.$$eval('#main-nav > .nav__list > li', (elements) => elements.map((element) => element.getBoundingClientRect().bottom));
        expect(panel).toBeGreaterThanOrEqual(Math.max(...bottoms) - 1);
        await page.close();
      });
    }
    it(`collapses into the menu button below 1200 px (${lang})`, async () => {
      const page = await open(1199, localePath(lang, '/about'));
      expect(await page.isVisible('.site-header__toggle')).toBe(true);
      expect(await page.isVisible('#main-nav')).toBe(false);
      await page.close();
    });
  }
});

describe('the header on a phone', () => {
  for (const lang of LANGS) {
    for (const path of ['/', '/about']) {
      it(`is one row at 375 px with the logo, search and the menu button, and one way into the menu (${lang} ${path})`, async () => {
        const page = await open(375, localePath(lang, path), 812);
        // What the sticky header keeps of the screen once the page is scrolled.
        const header = await page.evaluate(() => {
          window.scrollTo(0, 400);
          const bottom = document.querySelector('.site-header')!.getBoundingClientRect().bottom;
          window.scrollTo(0, 0);
          return bottom;
        });
        expect(header).toBeLessThanOrEqual(72);
        const centre = (selector: string) =>
          page.$eval(selector, (element) => {
            const box = element.getBoundingClientRect();
            return Math.round(box.top + box.height / 2);
          });
        const row = new Set([
          await centre('.site-header__logo'),
          await centre('.site-header__tools > li:not(.tools__wide)'),
          await centre('.site-header__toggle'),
        ]);
        expect(Math.max(...row) - Math.min(...row)).toBeLessThanOrEqual(4);
        // Language and login live inside the menu.
        expect(await page.isVisible('.site-header__bar .lang-switch > .dropdown__trigger')).toBe(false);
        await page.click('.site-header__toggle');
        expect(await page.isVisible('#main-nav')).toBe(true);
        expect(await page.locator('#main-nav a[hreflang]').count()).toBe(LANGS.length);
        expect(await page.locator('#main-nav a[href*="student."]').count()).toBe(1);
        // The home page's side panel toggles do not add a second menu button.
        const menus = await page.$$eval(
          'button[aria-controls="panel-menu"]',
          (buttons) => buttons.filter((button) => button.getClientRects().length > 0).length,
        );
        expect(menus).toBe(0);
        await page.close();
      });
    }
  }
});

describe('the header with the display panel’s button in its row', () => {
  for (const lang of LANGS) {
    for (const [width, most] of [
      [375, 72],
      [1280, 100],
    ] as const) {
      it(`is at most ${most} px tall at ${width} px, the panel's button named and beside the logo (${lang})`, async () => {
        const page = await open(width, localePath(lang, '/about'));
        const box = (selector: string) =>
          page.$eval(selector, (element) => {
            const { top, bottom, right } = element.getBoundingClientRect();
            return { top, bottom, right, centre: (top + bottom) / 2 };
          });
        const header = await box('.site-header');
        expect(header.bottom - header.top).toBeLessThanOrEqual(most);
        const [toggle, logo, bar] = [await box('.a11y-panel__toggle'), await box('.site-header__logo'), await box('.site-header__bar')];
        expect(Math.abs(toggle.centre - logo.centre)).toBeLessThanOrEqual(4);
        expect(toggle.right).toBeLessThanOrEqual(bar.right + 0.5);
        expect(await page.isVisible('.a11y-panel__toggle')).toBe(true);
        expect(await accessibleOf(page, '.a11y-panel__toggle')).toEqual({
          role: 'DisclosureTriangle',
          name: dict(lang).accessibility.panel.label,
          expanded: false,
        });
        await page.close();
      });
    }
  }
});

describe('the splash on a phone', () => {
  for (const lang of LANGS) {
    it(`shows the name centred under the logo and inside the screen at 320-414 px (${lang})`, async () => {
      const context = await newContext(site.browser, { splash: true, reducedMotion: 'no-preference' });
      const page = await context.newPage();
      // The splash hides itself after a few seconds: the page's clock stands still while it is measured.
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 3_600_000);
      const off: string[] = [];
      for (const width of [320, 375, 390, 414]) {
        await page.setViewportSize({ width, height: 800 });
        // A new visit each time: the splash shows once per browser session.
        await page.evaluate(() => sessionStorage.clear()).catch(() => undefined);
        await page.goto(site.server.url + localePath(lang, '/about'), { waitUntil: 'domcontentloaded' });
        await page.waitForSelector('.splash', { state: 'visible' });
        const boxes = await page.evaluate(() => {
          const name = document.querySelector('.splash__name')!;
          const range = document.createRange();
          range.selectNodeContents(name);
          const box = ({ left, right }: DOMRect) => ({ left, right });
          return {
            name: box(name.getBoundingClientRect()),
            lines: [...range.getClientRects()].map(box),
            logo: box(document.querySelector('.splash .logo')!.getBoundingClientRect()),
          };
        });
        const centre = ({ left, right }: { left: number; right: number }) => (left + right) / 2;
        for (const [what, box] of [
          ['name', boxes.name],
          ...boxes.lines.map((line, index) => [`line ${index + 1}`, line] as const),
          ['logo', boxes.logo],
        ] as const) {
          if (Math.abs(centre(box) - width / 2) > 2) off.push(`${width} px: the ${what} is centred at ${centre(box).toFixed(1)}, not ${width / 2}`);
          if (box.left < 16 || box.right > width - 16)
            off.push(`${width} px: the ${what} spans ${box.left.toFixed(1)}-${box.right.toFixed(1)}, not inside 16-${width - 16}`);
        }
        expect(boxes.lines.length).toBeGreaterThan(0);
      }
      expect(off).toEqual([]);
      await context.close();
    });
  }
});

describe('balanced desktop layouts', () => {
  for (const lang of LANGS) {
    it(`keeps the home page's side tabs off its content, and its video and form centred, at 1200-1440 px (${lang})`, async () => {
      for (const width of [1200, 1280, 1440]) {
        const page = await open(width, localePath(lang, '/'));
        const tabs = await page.$eval('.side-panels__toolbar', (element) => element.getBoundingClientRect().left);
        const right = await page.$$eval('.home .container', (elements) => Math.max(...elements.map((element) => element.getBoundingClientRect().right)));
        expect(right, `${width} px`).toBeLessThanOrEqual(tabs);
        // The video and the form are narrower than the page: as much room on their left as on their right.
        for (const selector of ['#home-video .video', '#admission .admission-form']) {
          const [left, gap] = await page.$eval(selector, (element) => {
            const box = element.getBoundingClientRect();
            const section = element.closest('section')!.getBoundingClientRect();
            return [box.left - section.left, section.right - box.right];
          });
          expect(left, `${selector} at ${width} px`).toBeGreaterThan(0);
          expect(Math.abs(left - gap), `${selector} at ${width} px`).toBeLessThanOrEqual(2);
        }
        await page.close();
      }
    });
  }

  it('puts the figures and next steps beside the text of /about from 1024 px', async () => {
    const page = await open(1280, '/ru/about');
    const [text, aside] = await Promise.all([
      page.$eval('.about-layout > div', (element) => element.getBoundingClientRect()),
      page.$eval('.about-aside', (element) => element.getBoundingClientRect()),
    ]);
    expect(aside.left).toBeGreaterThanOrEqual(text.right);
    expect(aside.top).toBeLessThan(text.top + 200);
    await page.close();
  });
});

describe('phone layouts', () => {
  it('never breaks a phone number across lines, at 320 and 375 px', async () => {
    for (const width of [320, 375]) {
      const page = await open(width, '/about');
      const broken = await page.$$eval('a[href^="tel:"]', (links) => links.filter((link) => link.getClientRects().length > 1).map((link) => link.textContent));
      expect(broken).toEqual([]);
      expect(await page.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
      await page.close();
    }
  });

  it('shows the study fields in two columns at 375 px', async () => {
    const page = await open(375, '/', 812);
    const lefts = await page.$$eval('#home-fields .field-card', (cards) => [...new Set(cards.map((card) => Math.round(card.getBoundingClientRect().left)))]);
    expect(lefts).toHaveLength(2);
    await page.close();
  });

  it('gives every partner card the same size at 375 px, with a logo at least 96 px wide', async () => {
    const page = await open(375, '/', 812);
    await page.locator('.slider--partners').scrollIntoViewIfNeeded();
    await page.waitForSelector('.slider--partners.swiper-initialized');
    const sizes = await page.$$eval('.slider--partners .swiper-slide', (slides) =>
      slides.map((slide) => {
        const box = slide.getBoundingClientRect();
        return `${Math.round(box.width)}x${Math.round(box.height)}`;
      }),
    );
    expect(new Set(sizes).size).toBe(1);
    const logo = await page.$eval('.slider--partners .swiper-slide-active img', (img) => img.getBoundingClientRect().width);
    expect(logo).toBeGreaterThanOrEqual(96);
    await page.close();
  });
});
