/** The agency's payment instructions (bank transfer details...), as written in Settings. */
export function HowToPay({ instructions }: { instructions: string }) {
  if (!instructions) return null;
  return (
    <section aria-labelledby="how-to-pay" className="space-y-1 rounded-md bg-muted p-4 text-sm">
      <h3 id="how-to-pay" className="font-semibold">
        How to pay
      </h3>
      <p className="whitespace-pre-wrap break-words">{instructions}</p>
    </section>
  );
}
