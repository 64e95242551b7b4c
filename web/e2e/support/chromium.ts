/** Debian's Chromium: nothing is ever downloaded. */
export const CHROMIUM = '/usr/bin/chromium';
