import * as Accordion from '@radix-ui/react-accordion';
import { Check, ChevronDown, Star } from 'lucide-react';
import { PLANS } from '@shared/plans';
import { formatCents } from '@shared/money';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { FAQ, openLeadModal, PORTFOLIO, WHY_CHOOSE_US } from '../content';

function scrollToSection(id: string) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** A section's centred heading (its id labels the section) with an optional introduction. */
export function SectionHeading({
  id,
  title,
  intro,
}: {
  id: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center" data-reveal>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {intro && <p className="mt-4 text-muted-foreground">{intro}</p>}
    </div>
  );
}

export function HeroSection() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative flex min-h-[92vh] items-center px-4 pb-16 pt-28"
    >
      <div className="mx-auto max-w-4xl text-center text-white">
        <p className="mb-4 text-sm font-semibold uppercase tracking-[0.2em] text-[#f4d8a8]">
          Web design for the Gulf South
        </p>
        <h1 id="hero-title" className="font-display text-4xl font-bold leading-tight sm:text-6xl">
          Where the Coast Meets the Code
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-white/90 sm:text-xl">
          Beautiful, fast websites on one monthly plan for freelancers and small businesses in
          Louisiana and Mississippi, and anywhere in the United States. Design, hosting, SEO and
          updates included; dozens of businesses already trust us with theirs.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="sand" onClick={() => scrollToSection('pricing')}>
            View Our Plans
          </Button>
          <Button size="lg" variant="outlineLight" onClick={() => scrollToSection('portfolio')}>
            See Our Work
          </Button>
        </div>
      </div>
    </section>
  );
}

export function PricingSection() {
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-background px-4 py-20"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="pricing-title"
          title="Simple Monthly Plans"
          intro="Billed monthly, cancel anytime, no setup fees. Every plan includes hosting."
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.id}
              data-reveal
              className={cn(
                'relative flex flex-col rounded-lg bg-card p-8',
                plan.popular ? 'border-2 border-primary shadow-lg' : 'border shadow-sm',
              )}
            >
              {plan.popular && (
                <p className="absolute -top-3 left-1/2 flex -translate-x-1/2 items-center gap-1 rounded-full bg-primary px-3 py-1 text-xs font-semibold text-primary-foreground">
                  <Star className="h-3 w-3" aria-hidden="true" /> Most Popular
                </p>
              )}
              <h3 className="text-xl font-semibold">{plan.name}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>
              <p className="mt-6">
                <span className="text-4xl font-bold">
                  {formatCents(plan.priceCents).replace('.00', '')}
                </span>
                <span className="text-muted-foreground">/month</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {plan.landingFeatures.map((feature) => (
                  <li key={feature} className="flex items-start gap-2 text-sm">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button
                className="mt-8"
                variant={plan.popular ? 'default' : 'outline'}
                onClick={openLeadModal}
              >
                Get Started<span className="sr-only"> with {plan.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function PortfolioSection() {
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

export function WhyChooseUsSection() {
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

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 bg-background px-4 py-20">
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="faq-title" title="Frequently Asked Questions" />
        <Accordion.Root
          type="single"
          collapsible
          className="mt-10 divide-y rounded-lg border bg-card"
          data-reveal
        >
          {FAQ.map((entry, index) => (
            <Accordion.Item key={entry.question} value={`faq-${index}`}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-6 py-4 text-left font-medium hover:bg-muted/50">
                    {entry.question}
                    <ChevronDown
                      className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                      aria-hidden="true"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="px-6 pb-4 text-sm text-muted-foreground">
                {entry.answer}
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}

export function ClosingCtaSection() {
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
