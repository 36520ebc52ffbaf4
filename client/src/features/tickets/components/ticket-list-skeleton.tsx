import { Skeleton } from '@/components/ui/skeleton';

/** Rows standing in for tickets while they load (the dashboard shows three). */
export function TicketListSkeleton({ rows }: { rows: number }) {
  return (
    <div role="status" aria-label="Loading tickets" className="space-y-3">
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} data-testid="ticket-skeleton" className="h-16 w-full" />
      ))}
    </div>
  );
}
