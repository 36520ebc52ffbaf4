import { Loader2 } from 'lucide-react';

/** A full-screen loading state with a message for everyone, sighted or not. */
export function FullScreenSpinner({ label }: { label?: string }) {
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center gap-4"
      role="status"
      aria-live="polite"
    >
      <Loader2 className="h-10 w-10 animate-spin text-primary" aria-hidden="true" />
      <p className="text-muted-foreground">{label ?? <span className="sr-only">Loading</span>}</p>
    </div>
  );
}

/** An inline loading state with its message. */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="flex items-center justify-center gap-3" role="status" aria-live="polite">
      <Loader2 className="h-5 w-5 animate-spin text-primary" aria-hidden="true" />
      <span className="text-sm text-muted-foreground">{label}</span>
    </div>
  );
}
