import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { SiteContent } from '@shared/schemas/site-content';
import { SectionHeading } from './sections';
import { SitePicture } from './site-picture';

/** The initials' badge colours, in turn, for testimonials without a photo. */
const BADGE_COLORS = ['bg-orange-500', 'bg-emerald-600', 'bg-sky-600'];

/**
 * A looping carousel: previous/next buttons and the arrow keys, each change announced politely.
 * One testimonial: no carousel controls. None: the page draws no section (showcase-sections).
 */
export function TestimonialsSection({
  testimonials,
}: {
  testimonials: SiteContent['testimonials'];
}) {
  const [index, setIndex] = useState(0);
  const count = testimonials.items.length;
  const move = (step: number) => setIndex((current) => (current + step + count) % count);
  const testimonial = testimonials.items[index % count]!;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      move(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      move(1);
    }
  };

  return (
    <section
      id="testimonials"
      aria-labelledby="testimonials-title"
      className="scroll-mt-20 bg-muted px-4 py-20"
    >
      <div className="mx-auto max-w-3xl">
        <SectionHeading id="testimonials-title" title={testimonials.title} />
        <div
          role="region"
          aria-roledescription="carousel"
          aria-label="Client testimonials"
          tabIndex={0}
          onKeyDown={onKeyDown}
          className="mt-10 rounded-lg"
          data-reveal
        >
          <div aria-live="polite" aria-atomic="true">
            <div
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
              className="rounded-lg border bg-card p-8 shadow-sm"
            >
              <figure>
                <Quote className="h-8 w-8 text-primary/40" aria-hidden="true" />
                <blockquote className="mt-4 text-lg leading-relaxed">
                  {testimonial.quote}
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  {testimonial.photo ? (
                    <SitePicture
                      image={{ ...testimonial.photo, alt: '' }}
                      sizes="40px"
                      className="h-10 w-10 shrink-0 rounded-full object-cover"
                    />
                  ) : (
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex h-10 w-10 shrink-0 items-center justify-center rounded-full font-semibold text-white',
                        BADGE_COLORS[index % BADGE_COLORS.length],
                      )}
                    >
                      {testimonial.name.charAt(0).toUpperCase()}
                    </span>
                  )}
                  <span>
                    <span className="block font-semibold">{testimonial.name}</span>
                    {testimonial.business && (
                      <span className="block text-sm text-muted-foreground">
                        {testimonial.business}
                      </span>
                    )}
                  </span>
                </figcaption>
              </figure>
            </div>
          </div>
          <div className="mt-6 flex items-center justify-center gap-4" hidden={count < 2}>
            <Button
              variant="outline"
              size="icon"
              onClick={() => move(-1)}
              aria-label="Previous testimonial"
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <p className="text-sm text-muted-foreground" aria-hidden="true">
              {index + 1} / {count}
            </p>
            <Button
              variant="outline"
              size="icon"
              onClick={() => move(1)}
              aria-label="Next testimonial"
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
