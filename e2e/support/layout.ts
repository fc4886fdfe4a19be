import type { Page } from '@playwright/test';

/** How many pixels the page scrolls sideways (0 or less: it fits the viewport). */
export const sidewaysOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
