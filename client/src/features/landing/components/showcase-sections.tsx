import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { usePublicSettings } from '@/features/settings/public';
import { cn } from '@/lib/utils';
import type { SiteContent } from '@shared/schemas/site-content';
import { navLinks, openLeadModal, scrollToSection } from '../content';
import { useSiteSnapshot } from '../site-snapshot';
import type { DeferredPartProps } from './below-the-fold';
import { FaqAccordion } from './faq-accordion';
import { SectionHeading, workSection } from './sections';
import { SiteFooter } from './site-footer';
import { SITE_ICON_COMPONENTS } from './site-icons';
import { SitePicture } from './site-picture';
import { TestimonialsSection } from './testimonials-section';
import { useScrollReveal } from './use-scroll-reveal';

// The chunk below-the-fold.tsx loads: the sections after pricing and the footer.

/** The gradients of portfolio items without an image, in turn. */
const PORTFOLIO_COLORS = [
  'from-orange-500 to-amber-400',
  'from-sky-600 to-cyan-400',
  'from-emerald-600 to-teal-400',
  'from-fuchsia-600 to-pink-400',
  'from-slate-700 to-slate-500',
  'from-violet-600 to-indigo-400',
];

/**
 * The landing page's sections after pricing (spec section 3), in their order, with the
 * owner's published words. A section with nothing in it is not drawn.
 */
export function ShowcaseSections({ onHydrated }: DeferredPartProps) {
  const container = useRef<HTMLDivElement>(null);
  const { content } = useSiteSnapshot();
  // Drawn in the browser (not hydrated), these elements appear after the page's own
  // scroll-reveal observer started, so they get their own.
  useScrollReveal(container);
  useEffect(onHydrated, [onHydrated]);
  return (
    <div ref={container} id="showcase">
      {content.stats.length > 0 && <StatsSection stats={content.stats} />}
      {content.portfolio.items.length > 0 && <PortfolioSection portfolio={content.portfolio} />}
      {content.whyUs.points.length > 0 && <WhyChooseUsSection whyUs={content.whyUs} />}
      {content.testimonials.items.length > 0 && (
        <TestimonialsSection testimonials={content.testimonials} />
      )}
      {content.faq.items.length > 0 && <FaqSection faq={content.faq} />}
      <ClosingCtaSection cta={content.cta} />
    </div>
  );
}

export function LandingFooter({ onHydrated }: DeferredPartProps) {
  const settings = usePublicSettings();
  const { content } = useSiteSnapshot();
  useEffect(onHydrated, [onHydrated]);
  return (
    <SiteFooter
      brand={settings.businessName}
      email={settings.businessEmail}
      location={settings.businessLocation}
      phone={settings.businessPhone}
      website={settings.businessWebsite}
      tagline={content.footer.tagline}
      links={navLinks(content)}
    />
  );
}

function StatsSection({ stats }: { stats: SiteContent['stats'] }) {
  return (
    <section aria-label="In numbers" className="bg-background px-4 py-12">
      <dl className="mx-auto grid max-w-5xl grid-cols-2 gap-6 text-center md:grid-cols-4">
        {stats.map((stat, index) => (
          <div key={index} data-reveal className="flex flex-col-reverse">
            <dt className="mt-1 text-sm text-muted-foreground">{stat.label}</dt>
            <dd className="font-display text-3xl font-bold text-primary">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PortfolioSection({ portfolio }: { portfolio: SiteContent['portfolio'] }) {
  return (
    <section
      id="portfolio"
      aria-labelledby="portfolio-title"
      className="scroll-mt-20 bg-muted px-4 py-20"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="portfolio-title" title={portfolio.title} intro={portfolio.intro} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {portfolio.items.map((item, index) => {
            const Icon = SITE_ICON_COMPONENTS[item.icon];
            return (
              <li
                key={index}
                data-reveal
                className="overflow-hidden rounded-lg border bg-card shadow-sm"
              >
                {item.image ? (
                  <SitePicture
                    image={item.image}
                    sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
                    className="aspect-[16/9] h-auto w-full object-cover"
                  />
                ) : (
                  <div
                    className={cn(
                      'flex h-36 items-center justify-center bg-gradient-to-br',
                      PORTFOLIO_COLORS[index % PORTFOLIO_COLORS.length],
                    )}
                  >
                    <Icon className="h-12 w-12 text-white" aria-hidden="true" />
                  </div>
                )}
                <div className="p-6">
                  {item.category && (
                    <p className="text-xs font-semibold uppercase tracking-wider text-primary">
                      {item.category}
                    </p>
                  )}
                  <h3 className="text-lg font-semibold">
                    {item.link ? (
                      <a href={item.link} className="hover:underline" rel="noopener">
                        {item.title}
                      </a>
                    ) : (
                      item.title
                    )}
                  </h3>
                  <p className="mt-2 text-sm text-muted-foreground">{item.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function WhyChooseUsSection({ whyUs }: { whyUs: SiteContent['whyUs'] }) {
  return (
    <section aria-labelledby="why-title" className="bg-background px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="why-title" title={whyUs.title} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {whyUs.points.map(({ title, description, icon }, index) => {
            const Icon = SITE_ICON_COMPONENTS[icon];
            return (
              <li key={index} data-reveal className="rounded-lg border bg-card p-6">
                <Icon className="h-8 w-8 text-primary" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{description}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function FaqSection({ faq }: { faq: SiteContent['faq'] }) {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-background px-4 py-20">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="faq-title" title={faq.title} />
        <FaqAccordion
          idPrefix="faq"
          entries={faq.items}
          className="mt-10 divide-y rounded-lg border bg-card"
          data-reveal
        />
      </div>
    </section>
  );
}

function ClosingCtaSection({ cta }: { cta: SiteContent['cta'] }) {
  return (
    <section
      aria-labelledby="cta-title"
      className="bg-gradient-to-br from-[#0b3b4f] to-[#0e7490] px-4 py-20 text-white"
    >
      <div className="mx-auto max-w-3xl text-center" data-reveal>
        <h2 id="cta-title" className="font-display text-3xl font-bold sm:text-4xl">
          {cta.title}
        </h2>
        {cta.text && <p className="mt-4 text-white/90">{cta.text}</p>}
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="sand" onClick={openLeadModal}>
            {cta.primaryButton}
          </Button>
          <Button size="lg" variant="outlineLight" onClick={() => scrollToSection(workSection())}>
            {cta.secondaryButton}
          </Button>
        </div>
      </div>
    </section>
  );
}
