/** The middle value (the mean of the two middle ones for an even count), rounded; null if none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

/** What the sparkline shows, in words: its text alternative and its caption. */
export function sparklineText(days: readonly (number | null)[]): string {
  const known = days.filter((value): value is number => value !== null);
  const middle = median(known);
  if (middle === null) return 'No response times yet';
  return `Median response ${middle} ms over the last ${days.length} days`;
}

const WIDTH = 140;
const HEIGHT = 32;
const PAD = 3;

/**
 * The median response time of each day as a small line, oldest left; a day without a check is
 * a gap. The line is decoration for the eye: its text alternative says the median in words.
 */
export function ResponseSparkline({ days }: { days: readonly (number | null)[] }) {
  const text = sparklineText(days);
  const known = days.filter((value): value is number => value !== null);
  if (known.length === 0) return <span className="text-muted-foreground">{text}</span>;
  const low = Math.min(...known);
  const high = Math.max(...known);
  const x = (index: number) =>
    days.length <= 1 ? WIDTH / 2 : PAD + (index * (WIDTH - 2 * PAD)) / (days.length - 1);
  // The slowest day at the top; a flat line through the middle when every day was alike.
  const y = (value: number) =>
    high === low ? HEIGHT / 2 : HEIGHT - PAD - ((value - low) * (HEIGHT - 2 * PAD)) / (high - low);

  // Runs of consecutive days with a value, each drawn as its own line (a dot when alone).
  const runs: Array<Array<[number, number]>> = [];
  let run: Array<[number, number]> = [];
  days.forEach((value, index) => {
    if (value === null) {
      if (run.length) runs.push(run);
      run = [];
    } else {
      run.push([x(index), y(value)]);
    }
  });
  if (run.length) runs.push(run);

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <svg
        role="img"
        aria-label={text}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width={WIDTH}
        height={HEIGHT}
        className="shrink-0 text-primary"
      >
        <line
          x1={0}
          x2={WIDTH}
          y1={HEIGHT - 1}
          y2={HEIGHT - 1}
          className="stroke-border"
          strokeWidth={1}
        />
        {runs.map((points, index) =>
          points.length === 1 ? (
            <circle
              key={index}
              cx={points[0]![0]}
              cy={points[0]![1]}
              r={2}
              className="fill-current"
            />
          ) : (
            <polyline
              key={index}
              points={points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinejoin="round"
              strokeLinecap="round"
            />
          ),
        )}
      </svg>
      <span aria-hidden="true" className="text-xs text-muted-foreground">
        {text}
      </span>
    </div>
  );
}
