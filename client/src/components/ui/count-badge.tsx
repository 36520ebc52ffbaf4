/**
 * A small count beside a navigation item, read out with its meaning ("3 open"); nothing at 0.
 * The badge is `relative` so that its visually hidden text, which is absolutely positioned,
 * sits inside the badge wherever it is used: without a positioned ancestor that text is
 * placed against the page and, inside a horizontally scrolled list, widened the page.
 */
export function CountBadge({ count, label }: { count: number | undefined; label: string }) {
  if (!count) return null;
  return (
    <span className="relative rounded-full bg-destructive px-1.5 py-0.5 text-[10px] font-bold leading-none text-destructive-foreground">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
