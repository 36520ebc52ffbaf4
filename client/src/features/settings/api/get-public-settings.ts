import { useSyncExternalStore } from 'react';
import { DEFAULT_SETTINGS } from '@shared/constants';
import type { PublicSettings } from '@shared/schemas/public-settings';
import { apiRequest } from '@/lib/api-request';

/**
 * GET /api/settings/public: brand name and contact details shown across the product. Read
 * once per page load into a tiny store rather than through the query cache, so the public
 * landing page needs no query library; the defaults show until (or unless) it answers. The
 * schema is loaded with the answer, not with the page, to keep zod out of the landing page's
 * first scripts.
 */
export async function getPublicSettings(): Promise<PublicSettings> {
  const [{ PublicSettingsSchema }, res] = await Promise.all([
    import('@shared/schemas/public-settings'),
    apiRequest('GET', '/api/settings/public'),
  ]);
  return PublicSettingsSchema.parse(await res.json());
}

let current: PublicSettings = DEFAULT_SETTINGS;
let requested = false;
const listeners = new Set<() => void>();

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
  if (!requested) {
    requested = true;
    void refreshPublicSettings();
  }
  return () => {
    listeners.delete(listener);
  };
}

export function usePublicSettings(): PublicSettings {
  // The server snapshot (prerendering, hydration) is always the defaults.
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => DEFAULT_SETTINGS,
  );
}
