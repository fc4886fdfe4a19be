import type { Page } from '@playwright/test';

/**
 * How many pixels the page scrolls sideways (0 or less: it fits the viewport). Right after a viewport change the
 * charts re-measure (ResizeObserver, then a render), so an overflow is re-read for up to 2 s before it counts.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  const measure = () => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
  let overflow = await measure();
  for (let i = 0; i < 20 && overflow > 0; i++) {
    await page.waitForTimeout(100);
    overflow = await measure();
  }
  return overflow;
}
