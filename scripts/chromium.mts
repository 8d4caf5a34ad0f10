// Debian's Chromium and the flags every headless use of it here needs (diagram rendering, the
// end-to-end tests): no sandbox as root, and no background traffic to hosts the machine cannot reach.
export const CHROMIUM_PATH: string = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS: string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
