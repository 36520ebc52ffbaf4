import { useSyncExternalStore } from 'react';
import { DEFAULT_SETTINGS, PUBLIC_SETTINGS_ELEMENT_ID } from '@shared/constants';
import type { PublicSettings } from '@shared/schemas/settings';
import { apiGet } from '@/lib/api-request';

/**
 * GET /api/settings/public: brand name and contact details shown across the product. The
 * schema is loaded with the answer, not with the page, to keep zod out of the landing page's
 * first scripts.
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { PublicSettingsSchema } = await import('@shared/schemas/settings');
  return apiGet('/api/settings/public', PublicSettingsSchema);
}

/**
 * The settings the server wrote into the page (server/lib/spa.ts), parsed with their schema
 * there: a page load needs no request for them, and the landing page no zod.
 */
function settingsInPage(): PublicSettings | undefined {
  const text =
    typeof document === 'undefined'
      ? undefined
      : document.getElementById(PUBLIC_SETTINGS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return hasTextFields(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The page's copy is the server's own output; this only guards against a damaged page. */
function hasTextFields(value: unknown): value is PublicSettings {
  if (typeof value !== 'object' || value === null) return false;
  const fields: Array<keyof PublicSettings> = [
    'businessName',
    'businessEmail',
    'businessLocation',
    'businessPhone',
    'businessWebsite',
  ];
  return fields.every((field) => typeof Reflect.get(value, field) === 'string');
}

// A tiny store rather than the query cache, so the public landing page needs no query library.
const inPage = settingsInPage();
let current: PublicSettings = inPage ?? DEFAULT_SETTINGS;
/**
 * What the HTML being hydrated was rendered with: the server renders "/" with the settings it
 * writes into the same page (server/lib/spa.ts), so they match; without them, the defaults.
 */
let rendered: PublicSettings = inPage ?? DEFAULT_SETTINGS;
let requested = inPage !== undefined;
const listeners = new Set<() => void>();

/**
 * Prerendering (client/src/prerender.tsx, run by the server): the settings to render the
 * landing page with, the ones the server writes into that page.
 */
export function renderWithPublicSettings(settings: PublicSettings): void {
  rendered = settings;
  current = settings;
  requested = true;
}

/** Fetches the settings again (after the owner edits them) and updates every screen. */
export async function refreshPublicSettings(): Promise<void> {
  try {
    current = await getPublicSettings();
    listeners.forEach((listener) => listener());
  } catch {
    // Keep what is shown: the defaults or the last known values.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // A page our server did not hand out (the Vite dev server's) asks the API once.
  if (!requested) {
    requested = true;
    void refreshPublicSettings();
  }
  return () => {
    listeners.delete(listener);
  };
}

export function usePublicSettings(): PublicSettings {
  // The server snapshot (prerendering, hydration) is what the page's HTML was rendered with.
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => rendered,
  );
}
