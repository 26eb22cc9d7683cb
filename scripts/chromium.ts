/**
 * Debian's Chromium, launched the same way by the browser tests and the benchmarks: no sandbox (CI runs as root), no
 * GPU, and nothing talking to the network in the background. CHROMIUM_PATH overrides where it is.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
