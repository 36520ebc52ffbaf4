import { useTicketSummary } from '../api/admin-tickets';

/** The admin navigation's count of tickets waiting for the agency. */
export function OpenTicketCount() {
  const { data } = useTicketSummary();
  if (!data?.open) return null;
  return (
    <span className="rounded-full bg-destructive px-1.5 py-0.5 text-[10px] font-bold leading-none text-destructive-foreground">
      {data.open}
      <span className="sr-only"> open</span>
    </span>
  );
}
