/**
 * Printing in Chromium: /en/news/1 and /ru/about print as documents on A4, with the title, date and
 * content and none of the site's frame, and nothing wider than the paper.
 */
import { describe, expect, it } from 'vitest';
import { newContext } from '../helpers/browser';
import { useSiteInBrowser } from '../helpers/site-in-browser';

const site = useSiteInBrowser();
/** A4's printable width at 96 px per inch, less the page margins of print.css. */
const A4_CONTENT_PX = Math.floor(((210 - 2 * 14) / 25.4) * 96);

describe('print', () => {
  it.each(['/en/news/1', '/ru/about'])('%s prints its content on A4 without the frame', async (path) => {
    const context = await newContext(site.browser, { viewport: { width: A4_CONTENT_PX, height: 1100 } });
    const page = await context.newPage();
    await page.goto(site.server.url + path);
    await page.emulateMedia({ media: 'print' });
    const shown = (selector: string) => page.locator(selector).first().isVisible();
    for (const frame of ['.site-header', '.site-footer', '.a11y-panel', '.tab-bar']) expect(await shown(frame)).toBe(false);
    expect(await shown('main h1')).toBe(true);
    if (path.includes('news')) expect(await shown('main time')).toBe(true);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth)).toBe(true);
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(pages).toBeLessThanOrEqual(6);
    await context.close();
  });
});
