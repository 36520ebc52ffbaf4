import { ChevronLeft, ChevronRight, Quote } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { TESTIMONIALS } from '../showcase-content';
import { SectionHeading } from './sections';

/** A looping carousel: previous/next buttons and the arrow keys, each change announced politely. */
export function TestimonialsSection() {
  const [index, setIndex] = useState(0);
  const count = TESTIMONIALS.length;
  const move = (step: number) => setIndex((current) => (current + step + count) % count);
  const testimonial = TESTIMONIALS[index]!;

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
        <SectionHeading id="testimonials-title" title="What Our Clients Say" />
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
                  <span
                    aria-hidden="true"
                    className={cn(
                      'flex h-10 w-10 items-center justify-center rounded-full font-semibold text-white',
                      testimonial.color,
                    )}
                  >
                    {testimonial.initial}
                  </span>
                  <span>
                    <span className="block font-semibold">{testimonial.name}</span>
                    <span className="block text-sm text-muted-foreground">
                      {testimonial.company}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </div>
          </div>
          <div className="mt-6 flex items-center justify-center gap-4">
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
