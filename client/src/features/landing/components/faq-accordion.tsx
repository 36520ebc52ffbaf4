import { ChevronDown } from 'lucide-react';
import { useRef, useState, type ComponentPropsWithoutRef, type KeyboardEvent } from 'react';
import type { FaqEntry } from '@shared/schemas/site-content';

/** Where each key moves the focus among the questions, as the WAI-ARIA accordion pattern has it. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_, count) => count - 1,
};

interface FaqAccordionProps extends ComponentPropsWithoutRef<'div'> {
  /** Prefix of the ids that tie each question to its answer. */
  idPrefix: string;
  entries: readonly FaqEntry[];
}

/**
 * Questions that open their answer: at most one open, and it closes again on a second click.
 * Each question is a button in a heading (`aria-expanded`, `aria-controls`); its answer a
 * region named by it, rendered only while open; the arrow keys, Home and End move between
 * the questions. Written here because the component library's accordion cost the landing
 * page about 8 kB of gzipped JavaScript for these few lines.
 */
export function FaqAccordion({ idPrefix, entries, ...props }: FaqAccordionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const triggers = useRef<Array<HTMLButtonElement | null>>([]);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const move = MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    triggers.current[move(index, entries.length)]?.focus();
  };

  return (
    <div {...props}>
      {entries.map((entry, index) => {
        const open = openIndex === index;
        const state = open ? 'open' : 'closed';
        const questionId = `${idPrefix}-question-${index}`;
        const answerId = `${idPrefix}-answer-${index}`;
        return (
          <div key={index} data-state={state}>
            <h3>
              <button
                ref={(element) => {
                  triggers.current[index] = element;
                }}
                type="button"
                id={questionId}
                aria-expanded={open}
                aria-controls={answerId}
                data-state={state}
                onClick={() => setOpenIndex(open ? null : index)}
                onKeyDown={(event) => onKeyDown(event, index)}
                className="group flex w-full items-center justify-between gap-4 px-6 py-4 text-left font-medium hover:bg-muted/50"
              >
                {entry.question}
                <ChevronDown
                  className="h-4 w-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
                  aria-hidden="true"
                />
              </button>
            </h3>
            <div
              id={answerId}
              role="region"
              aria-labelledby={questionId}
              hidden={!open}
              data-state={state}
              className="px-6 pb-4 text-sm text-muted-foreground"
            >
              {open && entry.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
