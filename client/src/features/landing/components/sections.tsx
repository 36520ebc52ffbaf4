import { PLANS } from '@shared/plans';
import { PlanCard } from '@/components/plan-card';
import { Button } from '@/components/ui/button';
import { openLeadModalForPlan, scrollToSection } from '../content';

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
