import { useConsultationSummary } from '../api/admin-consultations';

/** The admin navigation's count of requests nobody has followed up yet. */
export function NewRequestCount() {
  const { data } = useConsultationSummary();
  if (!data?.new) return null;
  return (
    <span className="rounded-full bg-destructive px-1.5 py-0.5 text-[10px] font-bold leading-none text-destructive-foreground">
      {data.new}
      <span className="sr-only"> new</span>
    </span>
  );
}
