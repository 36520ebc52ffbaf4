/** Debian's Chromium, driven by Playwright: never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Launch options for the tests' Chromium, with extra switches where a test needs them. */
export function chromiumLaunchOptions(extraArgs: string[] = []) {
  return { executablePath: CHROMIUM_PATH, args: [...BASE_ARGS, ...extraArgs] };
}
