import { useId } from 'react';

/**
 * The agency's payment instructions (bank transfer details...), as written in Settings, with
 * their line breaks. `heading` fits the outline of the page it is on (h3 inside a card).
 */
export function HowToPay({
  instructions,
  heading: Heading = 'h3',
}: {
  instructions: string;
  heading?: 'h2' | 'h3';
}) {
  const id = useId();
  if (!instructions) return null;
  return (
    <section aria-labelledby={id} className="space-y-1 rounded-md bg-muted p-4 text-sm">
      <Heading id={id} className="font-semibold">
        How to pay
      </Heading>
      <p className="whitespace-pre-wrap break-words">{instructions}</p>
    </section>
  );
}
