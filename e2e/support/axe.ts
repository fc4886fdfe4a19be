import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any `serious` or `critical` accessibility violation on the page as it stands. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // After a client-side navigation Next streams the new page's <title> in once its metadata resolves: check
  // the settled page, which must have one.
  await expect.poll(() => page.title(), { message: 'the page has a title' }).not.toBe('');
  // Colours mid-transition (a colour-scheme switch, a hover) are no page's real contrast: let them end first.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious, serious.join('\n')).toEqual([]);
}
