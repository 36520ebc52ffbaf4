import { expect, test as base } from '@playwright/test';

/**
 * Every page fails its test on an uncaught error or a console error (React warnings, CSP
 * violations...). Failed resource loads are the network's business, asserted where they matter.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (message.text().startsWith('Failed to load resource')) return;
        errors.push(`console: ${message.text()}`);
      });
      await use(errors);
      expect(errors, 'errors printed in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

let counter = 0;
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}
