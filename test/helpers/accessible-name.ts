/**
 * What assistive technology is told about an element: Chromium's own accessibility tree, read through the
 * DevTools protocol (the role Chromium gives it, its computed name, whether it is expanded). A <summary>
 * is a disclosure button there, which Playwright's ARIA snapshot does not list on its own.
 */
import type { Page } from 'playwright-core';

export interface Accessible {
  role: string;
  name: string;
  expanded?: boolean;
}

export async function accessibleOf(page: Page, selector: string): Promise<Accessible> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
    if (!nodeId) throw new Error(`accessibleOf: nothing matches ${selector}`);
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { nodeId, fetchRelatives: false });
    const node = nodes[0];
    const expanded = node?.properties?.find((property) => property.name === 'expanded')?.value.value as boolean | undefined;
    return { role: String(node?.role?.value ?? ''), name: String(node?.name?.value ?? ''), ...(expanded === undefined ? {} : { expanded }) };
  } finally {
    await cdp.detach();
  }
}
