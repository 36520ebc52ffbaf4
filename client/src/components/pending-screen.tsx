import { Hammer } from 'lucide-react';

/** A route of the spec whose screen a later issue builds; says which, so nothing is hidden. */
export function PendingScreen({ title, issue }: { title: string; issue: number }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 py-16 text-center">
      <Hammer className="h-10 w-10 text-primary" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-muted-foreground">This screen is built in issue #{issue}.</p>
    </section>
  );
}
