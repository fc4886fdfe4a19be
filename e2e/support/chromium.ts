/** Debian's Chromium, which the browser tests and the benches drive (never a downloaded one). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, no sandbox (root), and no traffic of Chromium's own: nothing but the page's requests. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
