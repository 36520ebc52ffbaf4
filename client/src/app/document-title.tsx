import { useEffect } from 'react';
import { matchRoute, useLocation, useRouter } from 'wouter';
import { seoTitle, type SeoBusiness } from '@shared/seo';
import { paths } from '@/lib/paths';
import { usePublicSettings } from '@/features/settings/public';
import { PAGE_TITLES } from '@/app/routes/page-titles';

/** The title of the screen at `location`: "Invoices · Coast & Code Studio". */
export function documentTitleFor(
  location: string,
  business: SeoBusiness,
  parser: Parameters<typeof matchRoute>[0],
): string {
  // The landing page keeps the title search engines read (shared/seo.ts, also written by the server).
  if (location === paths.home()) return seoTitle(business);
  const { businessName } = business;
  const title = PAGE_TITLES.find(([pattern]) => matchRoute(parser, pattern, location)[0])?.[1];
  return title ? `${title} · ${businessName}` : businessName;
}

/** Keeps document.title on the current screen's title, for every route of the route table. */
export function DocumentTitle() {
  const [location] = useLocation();
  const { parser } = useRouter();
  const settings = usePublicSettings();
  useEffect(() => {
    document.title = documentTitleFor(location, settings, parser);
  }, [location, settings, parser]);
  return null;
}
