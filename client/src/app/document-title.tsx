import { useEffect } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import type { SeoBusiness } from '@shared/seo';
import { paths } from '@/lib/paths';
import { usePublicSettings } from '@/features/settings/public';
import type { PAGE_TITLES } from '@/app/routes/page-titles';

/**
 * The title of the screen at `location`: "Invoices · Coast & Code Studio". Undefined for the
 * landing page, which sets the title search engines read itself (from the settings and its
 * published content: shared/seo.ts, also written by the server), so this chunk carries
 * neither.
 */
export function documentTitleFor(
  location: string,
  business: SeoBusiness,
  parser: Parameters<typeof matchRoute>[0],
  titles: typeof PAGE_TITLES,
): string | undefined {
  if (location === paths.home()) return undefined;
  const { businessName } = business;
  const title = titles.find(([pattern]) => matchRoute(parser, pattern, location)[0])?.[1];
  return title ? `${title} · ${businessName}` : businessName;
}

/** Keeps document.title on the current screen's title, for every route of the route table. */
export function DocumentTitle() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const settings = usePublicSettings();
  useEffect(() => {
    if (location === paths.home()) return;
    let current = true;
    // The table is a chunk of its own, fetched after the first paint: the landing page (whose
    // title the server writes) does not carry every screen's title in its script budget.
    void import('@/app/routes/page-titles').then(({ PAGE_TITLES: titles }) => {
      const title = documentTitleFor(location, settings, parser, titles);
      if (current && title) document.title = title;
    });
    return () => {
      current = false;
    };
  }, [location, settings, parser]);
  return null;
}
