import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { usePublicSettings } from '@/features/settings/public';
import { cn } from '@/lib/utils';
import { openLeadModal, scrollToSection } from '../content';
import { FAQ, PORTFOLIO, WHY_CHOOSE_US } from '../showcase-content';
import type { DeferredPartProps } from './below-the-fold';
import { FaqAccordion } from './faq-accordion';
import { SectionHeading } from './sections';
import { SiteFooter } from './site-footer';
import { TestimonialsSection } from './testimonials-section';
import { useScrollReveal } from './use-scroll-reveal';

// The chunk below-the-fold.tsx loads: the sections after pricing and the footer.

/** The landing page's sections after pricing (spec section 3), in their order. */
export function ShowcaseSections({ onHydrated }: DeferredPartProps) {
  const container = useRef<HTMLDivElement>(null);
  // Drawn in the browser (not hydrated), these elements appear after the page's own
  // scroll-reveal observer started, so they get their own.
  useScrollReveal(container);
  useEffect(onHydrated, [onHydrated]);
  return (
    <div ref={container}>
      <PortfolioSection />
      <WhyChooseUsSection />
      <TestimonialsSection />
      <FaqSection />
      <ClosingCtaSection />
    </div>
  );
}

export function LandingFooter({ onHydrated }: DeferredPartProps) {
  const settings = usePublicSettings();
  useEffect(onHydrated, [onHydrated]);
  return (
    <SiteFooter
      brand={settings.businessName}
      email={settings.businessEmail}
      location={settings.businessLocation}
      phone={settings.businessPhone}
      website={settings.businessWebsite}
    />
  );
}

function PortfolioSection() {
  return (
    <section
      id="portfolio"
      aria-labelledby="portfolio-title"
      className="scroll-mt-20 bg-muted px-4 py-20"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="portfolio-title"
          title="Our Recent Work"
          intro="Websites for businesses across the Gulf South."
        />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {PORTFOLIO.map(({ title, description, icon: Icon, color }) => (
            <li
              key={title}
              data-reveal
              className="overflow-hidden rounded-lg border bg-card shadow-sm"
            >
              <div className={cn('flex h-36 items-center justify-center bg-gradient-to-br', color)}>
                <Icon className="h-12 w-12 text-white" aria-hidden="true" />
              </div>
              <div className="p-6">
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{description}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function WhyChooseUsSection() {
  return (
    <section aria-labelledby="why-title" className="bg-background px-4 py-20">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="why-title" title="Why Choose Us" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {WHY_CHOOSE_US.map(({ title, description, icon: Icon }) => (
            <li key={title} data-reveal className="rounded-lg border bg-card p-6">
              <Icon className="h-8 w-8 text-primary" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-background px-4 py-20">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="faq-title" title="Frequently Asked Questions" />
        <FaqAccordion
          idPrefix="faq"
          entries={FAQ}
          className="mt-10 divide-y rounded-lg border bg-card"
          data-reveal
        />
      </div>
    </section>
  );
}

function ClosingCtaSection() {
  return (
    <section
      aria-labelledby="cta-title"
      className="bg-gradient-to-br from-[#0b3b4f] to-[#0e7490] px-4 py-20 text-white"
    >
      <div className="mx-auto max-w-3xl text-center" data-reveal>
        <h2 id="cta-title" className="font-display text-3xl font-bold sm:text-4xl">
          Ready for a Website That Works as Hard as You Do?
        </h2>
        <p className="mt-4 text-white/90">
          Tell us about your business. The consultation is free and there is no obligation.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="sand" onClick={openLeadModal}>
            Schedule Free Consultation
          </Button>
          <Button size="lg" variant="outlineLight" onClick={() => scrollToSection('portfolio')}>
            View Our Portfolio
          </Button>
        </div>
      </div>
    </section>
  );
}
