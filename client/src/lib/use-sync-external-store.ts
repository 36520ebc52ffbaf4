/**
 * React 18 and later have useSyncExternalStore; the `use-sync-external-store` shim that
 * wouter imports for older Reacts is 0.7 kB of the landing page's first script for nothing.
 * vite.config.ts points the shim's import here.
 */
export { useSyncExternalStore } from 'react';
