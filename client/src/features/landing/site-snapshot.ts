import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import type { SiteContent } from '@shared/schemas/site-content';
import { SITE_SNAPSHOT_ELEMENT_ID, type SiteSnapshot } from '@shared/site-content';

/**
 * What the landing page says (the owner's published content) and the plans it shows, as the
 * server wrote them into the page (server/lib/spa.ts): a visitor's page load asks for nothing,
 * and the landing page carries neither zod nor the default texts. A page without them (the
 * Vite dev server's, or "/" reached from the portal) asks GET /api/site-content once and
 * shows a spinner until it answers. Like the settings' store, a tiny store rather than the
 * query cache, so the landing page needs no query library.
 */
/** The server's own output; this only guards against a damaged page or answer. */
function asSnapshot(value: unknown): SiteSnapshot | undefined {
  return typeof value === 'object' &&
    value !== null &&
    typeof Reflect.get(value, 'content') === 'object' &&
    Array.isArray(Reflect.get(value, 'plans'))
    ? (value as SiteSnapshot)
    : undefined;
}

function snapshotInPage(): SiteSnapshot | undefined {
  const text =
    typeof document === 'undefined'
      ? undefined
      : document.getElementById(SITE_SNAPSHOT_ELEMENT_ID)?.textContent;
  try {
    return text ? asSnapshot(JSON.parse(text)) : undefined;
  } catch {
    return undefined;
  }
}

/** Read from the page on first use (not at import), like the page's other data. */
let current: SiteSnapshot | undefined;
/** What the HTML being hydrated was rendered with (see get-public-settings.ts). */
let rendered: SiteSnapshot | undefined;
let started = false;
let requested = false;
const listeners = new Set<() => void>();

function start() {
  if (started) return;
  started = true;
  current ??= snapshotInPage();
  rendered ??= current;
  requested = current !== undefined;
}

/** Prerendering (client/src/prerender.tsx): the content and plans to render the page with. */
export function renderWithSiteSnapshot(site: SiteSnapshot): void {
  started = true;
  rendered = site;
  current = site;
  requested = true;
}

/** GET /api/site-content, without the schema library (the landing page's budget). */
async function fetchSnapshot(): Promise<void> {
  try {
    const res = await fetch('/api/site-content', { credentials: 'include' });
    current = res.ok ? asSnapshot(await res.json()) : undefined;
    listeners.forEach((listener) => listener());
  } catch {
    // Keep the spinner: the page has nothing else to show.
  }
}

function subscribe(listener: () => void) {
  start();
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

/** The content and plans, or undefined while a page that came without them asks for them. */
export function useLoadedSiteSnapshot(): SiteSnapshot | undefined {
  const override = useContext(SiteSnapshotOverride);
  const stored = useSyncExternalStore(
    subscribe,
    () => {
      start();
      return current;
    },
    () => {
      start();
      return rendered;
    },
  );
  return useMemo(
    () => (stored && override ? { content: override, plans: stored.plans } : stored),
    [override, stored],
  );
}

/** The content and plans, in a part of the page drawn once they are there (LandingPage). */
export function useSiteSnapshot(): SiteSnapshot {
  return useLoadedSiteSnapshot()!;
}
