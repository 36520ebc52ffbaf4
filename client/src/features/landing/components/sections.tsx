import { PlanCard } from '@/components/plan-card';
import { Button } from '@/components/ui/button';
import { openLeadModalForPlan, scrollToSection } from '../content';
import { useSiteSnapshot } from '../site-snapshot';

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
  const { hero } = useSiteSnapshot().content;
  return (
    <section
      aria-labelledby="hero-title"
      className="relative flex min-h-[92vh] items-center px-4 pb-16 pt-28"
    >
      <div className="mx-auto max-w-4xl text-center text-white">
        {hero.eyebrow && (
          <p className="mb-4 text-sm font-semibold uppercase tracking-[0.2em] text-[#f4d8a8]">
            {hero.eyebrow}
          </p>
        )}
        <h1
          id="hero-title"
          className="break-words font-display text-4xl font-bold leading-tight sm:text-6xl"
        >
          {hero.title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-white/90 sm:text-xl">{hero.subtitle}</p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" variant="sand" onClick={() => scrollToSection('pricing')}>
            {hero.primaryButton}
          </Button>
          <Button size="lg" variant="outlineLight" onClick={() => scrollToSection(workSection())}>
            {hero.secondaryButton}
          </Button>
        </div>
      </div>
    </section>
  );
}

/** "See our work" goes to the portfolio, or to the next section drawn when there is none. */
export function workSection(): string {
  const drawn = ['portfolio', 'testimonials', 'faq'].find((id) => document.getElementById(id));
  return drawn ?? 'pricing';
}

export function PricingSection() {
  const { content, plans } = useSiteSnapshot();
  return (
    <section
      id="pricing"
      aria-labelledby="pricing-title"
      className="scroll-mt-20 bg-background px-4 py-20"
    >
      <div className="mx-auto max-w-6xl">
        <SectionHeading
          id="pricing-title"
          title={content.pricing.title}
          intro={content.pricing.intro}
        />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard
              key={plan.id}
              data-reveal
              plan={plan}
              heading="h3"
              size="lg"
              action={
                <Button
                  variant={plan.popular ? 'default' : 'outline'}
                  onClick={() => openLeadModalForPlan(plan.id)}
                >
                  Get Started<span className="sr-only"> with {plan.name}</span>
                </Button>
              }
            />
          ))}
        </ul>
      </div>
    </section>
  );
}
