/** A small count beside a navigation item, read out with its meaning ("3 open"); nothing at 0. */
export function CountBadge({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span className="rounded-full bg-destructive px-1.5 py-0.5 text-[10px] font-bold leading-none text-destructive-foreground">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
