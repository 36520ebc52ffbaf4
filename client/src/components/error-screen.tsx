import { AlertCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { paths } from '@/lib/paths';

export const ERROR_SCREEN_TEXT = {
  render: {
    title: 'Something went wrong',
    description:
      'This page ran into an error and could not be shown. Reloading the page usually fixes it.',
  },
  staleChunk: {
    title: 'This page needs a reload',
    description:
      'The site was updated while this page was open, and part of the page could not be loaded. Reload it to get the new version.',
  },
} as const;

/**
 * What an error boundary shows instead of a blank page: what happened, and a Reload button
 * that takes the keyboard focus, so the way out is one key press away.
 */
export function ErrorScreen({
  kind,
  onReload,
  fullScreen = false,
}: {
  kind: keyof typeof ERROR_SCREEN_TEXT;
  onReload: () => void;
  /** The whole window (no layout around it) rather than a layout's content area. */
  fullScreen?: boolean;
}) {
  const text = ERROR_SCREEN_TEXT[kind];
  const reload = useRef<HTMLButtonElement>(null);
  useEffect(() => reload.current?.focus(), []);
  return (
    <div
      className={cn(
        'flex w-full items-center justify-center p-4',
        fullScreen ? 'min-h-screen bg-muted/40' : 'py-16',
      )}
    >
      {/* A card drawn in place: the screen is in the first script, kept small (budget). */}
      <div
        role="alert"
        className="flex w-full max-w-md flex-col gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm"
      >
        <div className="flex items-start gap-2">
          <AlertCircle className="mt-1 h-6 w-6 shrink-0 text-destructive" aria-hidden="true" />
          <h1 className="text-2xl font-bold">{text.title}</h1>
        </div>
        <p className="text-sm text-muted-foreground">{text.description}</p>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button ref={reload} type="button" onClick={onReload}>
            Reload
          </Button>
          <a
            href={paths.home()}
            className="text-sm font-semibold text-primary underline-offset-4 hover:underline"
          >
            Go to the home page
          </a>
        </div>
      </div>
    </div>
  );
}
