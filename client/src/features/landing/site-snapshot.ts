import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { SiteContent } from '@shared/schemas/site-content';
import {
  DEFAULT_PUBLIC_PLANS,
  DEFAULT_SITE_CONTENT,
  SITE_SNAPSHOT_ELEMENT_ID,
  type SiteSnapshot,
} from '@shared/site-content';

/**
 * What the landing page says (the owner's published content) and the plans it shows, as the
 * server wrote them into the page (server/lib/spa.ts): a visitor's page load asks for nothing,
 * and the landing page loads no zod. A page without them (the Vite dev server's, or "/" reached
 * from the portal) asks GET /api/site-content once. Like the settings' store, a tiny store
 * rather than the query cache, so the landing page needs no query library.
 */
const DEFAULT_SNAPSHOT: SiteSnapshot = {
  content: DEFAULT_SITE_CONTENT,
  plans: DEFAULT_PUBLIC_PLANS,
};

function snapshotInPage(): SiteSnapshot | undefined {
  const text =
    typeof document === 'undefined'
      ? undefined
      : document.getElementById(SITE_SNAPSHOT_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    // The page's copy is the server's own output; this only guards against a damaged page.
    const looksRight =
      typeof value === 'object' &&
      value !== null &&
      typeof Reflect.get(value, 'content') === 'object' &&
      Array.isArray(Reflect.get(value, 'plans'));
    return looksRight ? (value as SiteSnapshot) : undefined;
  } catch {
    return undefined;
  }
}

const inPage = snapshotInPage();
let current: SiteSnapshot = inPage ?? DEFAULT_SNAPSHOT;
/** What the HTML being hydrated was rendered with (see get-public-settings.ts). */
let rendered: SiteSnapshot = inPage ?? DEFAULT_SNAPSHOT;
let requested = inPage !== undefined;
const listeners = new Set<() => void>();

/** Prerendering (client/src/prerender.tsx): the content and plans to render the page with. */
export function renderWithSiteSnapshot(site: SiteSnapshot): void {
  rendered = site;
  current = site;
  requested = true;
}

async function fetchSnapshot(): Promise<void> {
  try {
    const [{ PublicSiteSnapshotSchema }, { apiGet }] = await Promise.all([
      import('@shared/schemas/site-content'),
      import('@/lib/api-request'),
    ]);
    current = await apiGet('/api/site-content', PublicSiteSnapshotSchema);
    listeners.forEach((listener) => listener());
  } catch {
    // Keep what is shown: the defaults.
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!requested) {
    requested = true;
    void fetchSnapshot();
  }
  return () => {
    listeners.delete(listener);
  };
}

/** The owner's preview (admin): the landing page drawn with the draft's words instead. */
export const SiteSnapshotOverride = createContext<SiteContent | null>(null);

export function useSiteSnapshot(): SiteSnapshot {
  const override = useContext(SiteSnapshotOverride);
  const stored = useSyncExternalStore(
    subscribe,
    () => current,
    () => rendered,
  );
  return useMemo(
    () => (override ? { content: override, plans: stored.plans } : stored),
    [override, stored],
  );
}
