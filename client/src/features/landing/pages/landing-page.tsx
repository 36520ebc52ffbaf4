import { useEffect, useRef } from 'react';
import { seoTitle } from '@shared/seo';
import { usePublicSettings } from '@/features/settings/public';
import { AnimatedBackground } from '../components/animated-background';
import { LeadModalHost } from '../components/lead-modal-host';
import { BelowTheFoldFooter, BelowTheFoldSections } from '../components/below-the-fold';
import { HeroSection, PricingSection } from '../components/sections';
import { SiteNav } from '../components/site-nav';
import { useScrollReveal } from '../components/use-scroll-reveal';
import { FullScreenSpinner } from '@/components/ui/spinner';
import type { SiteSnapshot } from '@shared/site-content';
import { useLoadedSiteSnapshot } from '../site-snapshot';

const SKIP_LINK =
  'sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:font-semibold focus:text-foreground';

/** "/" for a visitor: drawn from the content in the page (asked for when it is not there). */
export function LandingPage() {
  const site = useLoadedSiteSnapshot();
  if (!site) return <FullScreenSpinner />;
  return <Landing site={site} />;
}

function Landing({ site }: { site: SiteSnapshot }) {
  const settings = usePublicSettings();
  const main = useRef<HTMLElement>(null);
  useScrollReveal(main);
  // The title search engines read, as the server writes it, also when "/" is reached from
  // another screen.
  useEffect(() => {
    document.title = seoTitle(settings, site);
  }, [settings, site]);

  return (
    <div id="top">
      <a href="#main-content" className={SKIP_LINK}>
        Skip to main content
      </a>
      <a href="#pricing" className={SKIP_LINK}>
        Skip to pricing
      </a>
      <SiteNav brand={settings.businessName} />
      <main id="main-content" ref={main} tabIndex={-1} className="focus:outline-none">
        <div className="relative isolate">
          <AnimatedBackground />
          <HeroSection />
        </div>
        <PricingSection />
        <BelowTheFoldSections />
      </main>
      <BelowTheFoldFooter />
      <LeadModalHost businessEmail={settings.businessEmail} />
    </div>
  );
}
