/// <reference types="vitest/config" />
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { DEFAULT_SETTINGS } from './shared/constants';
import { SEO_START, seoHead } from './shared/seo';

const root = import.meta.dirname;
// The API runs on its own port during `npm run dev`; Vite proxies to it so the browser
// sees one origin (APP_URL), exactly as in production.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '5001'}`;

const alias = {
  '@': path.join(root, 'client/src'),
  '@shared': path.join(root, 'shared'),
  '@tests': path.join(root, 'tests'),
};

/**
 * Writes the title, description, social cards and structured data into index.html from the
 * default settings; the server writes them again with the current ones and fills in
 * __APP_URL__ when serving (server/lib/spa.ts).
 */
const seoTags = (): Plugin => ({
  name: 'seo-tags',
  transformIndexHtml: (html) =>
    html.replace(SEO_START, () => seoHead(DEFAULT_SETTINGS, '__APP_URL__')),
});

export default defineConfig({
  root: path.join(root, 'client'),
  plugins: [react(), seoTags()],
  resolve: { alias },
  build: {
    outDir: path.join(root, 'dist/client'),
    emptyOutDir: true,
    sourcemap: true,
    // Every browser we serve supports <link rel="modulepreload">: no polyfill in the bundle.
    modulePreload: { polyfill: false },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    strictPort: true,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/oidc': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    root,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          root,
          environment: 'node',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'tests/**/*.test.ts'],
          setupFiles: ['tests/support/no-network.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each API test file opens its own database; two at a time suits a 2-core machine.
          maxWorkers: 2,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'client',
          root,
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}'],
          setupFiles: [
            'tests/support/no-network.ts',
            'tests/support/dom-setup.ts',
            'tests/support/api-setup.ts',
          ],
          maxWorkers: 2,
        },
      },
    ],
  },
});
