import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// findBy* and waitFor wait up to 3 s rather than 1 s: the component tests share two cores
// with the server's, and a page that renders in 50 ms alone can take over a second then.
configure({ asyncUtilTimeout: 3000 });

// React reports render errors and bad props through console.error: any such line fails the test.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error during test: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
