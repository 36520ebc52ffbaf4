import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCents } from '@shared/money';
import type { TrendMonth } from '@shared/schemas/dashboard';
import { Card, CardContent } from '@/components/ui/card';
import { formatMonth } from '@/lib/dates';

/**
 * The dashboard's trend charts. This module and recharts are loaded in a chunk of their own
 * (React.lazy in the dashboard page), after the figures above them have painted.
 */

type Measure = Exclude<keyof TrendMonth, 'month'>;

interface Series {
  key: Measure;
  name: string;
  color: string;
}

const COLORS = {
  primary: 'hsl(var(--primary))',
  second: 'hsl(32 85% 40%)',
  loss: 'hsl(var(--destructive))',
};

const monthShort = (month: string) => formatMonth(month, 'short');
const monthLong = (month: string) => formatMonth(month);
/** The product's one money formatter, without the cents an axis has no room for. */
const wholeDollars = (cents: number) => formatCents(cents).replace(/\.\d\d$/, '');
const count = (value: number) => value.toLocaleString('en-US');

function TrendFigure({
  title,
  label,
  months,
  series,
  kind,
  money,
}: {
  title: string;
  /** What the figure shows, for screen readers (its accessible name). */
  label: string;
  months: TrendMonth[];
  series: Series[];
  kind: 'line' | 'bar';
  money: boolean;
}) {
  const formatValue = money ? formatCents : count;
  const empty = months.every((month) => series.every((s) => !month[s.key]));
  const axis = {
    xAxis: (
      <XAxis
        dataKey="month"
        tickFormatter={monthShort}
        tick={{ fontSize: 12 }}
        interval="preserveStartEnd"
        minTickGap={4}
      />
    ),
    yAxis: (
      <YAxis
        tickFormatter={money ? wholeDollars : count}
        tick={{ fontSize: 12 }}
        width={money ? 64 : 32}
        allowDecimals={false}
      />
    ),
  };
  const tooltip = (
    <Tooltip
      labelFormatter={(month) => monthLong(String(month))}
      formatter={(value) => formatValue(Number(value))}
    />
  );
  return (
    <figure aria-label={label} className="min-w-0 space-y-3">
      <figcaption className="font-semibold">{title}</figcaption>
      {empty ? (
        // All zero: an axis of "$0" ticks says nothing, so the chart says so in words.
        <div className="flex h-60 w-full items-center justify-center rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">
          Nothing to chart yet: these months are all zero. The chart fills in as the figures come.
        </div>
      ) : (
        /* The table below carries the same figures for screen readers and keyboards. */
        <div className="h-60 w-full" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            {kind === 'line' ? (
              // No keyboard layer: the chart is hidden from assistive technology, the table is not.
              <LineChart
                data={months}
                margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                {axis.xAxis}
                {axis.yAxis}
                {tooltip}
                {series.map((s) => (
                  <Line
                    key={s.key}
                    type="linear"
                    dataKey={s.key}
                    name={s.name}
                    stroke={s.color}
                    strokeWidth={2}
                    dot={{ r: 2 }}
                    isAnimationActive={false}
                  />
                ))}
              </LineChart>
            ) : (
              <BarChart
                data={months}
                margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                {axis.xAxis}
                {axis.yAxis}
                {tooltip}
                {/* In the series' order (New before Churned), not alphabetical. */}
                <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
                {series.map((s) => (
                  <Bar
                    key={s.key}
                    dataKey={s.key}
                    name={s.name}
                    fill={s.color}
                    isAnimationActive={false}
                  />
                ))}
              </BarChart>
            )}
          </ResponsiveContainer>
        </div>
      )}
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-primary">Show the figures</summary>
        {/* Scrolls sideways on its own if a narrow screen needs it: reachable by keyboard. */}
        <div
          className="mt-2 overflow-x-auto rounded border"
          role="region"
          aria-label={`${title}, figures`}
          tabIndex={0}
        >
          <table className="w-full text-left">
            <caption className="sr-only">{label}</caption>
            <thead className="bg-muted/60">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Month
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="px-3 py-2 text-right font-medium">
                    {s.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month} className="border-t">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {monthLong(month.month)}
                  </th>
                  {series.map((s) => (
                    <td key={s.key} className="px-3 py-1.5 text-right tabular-nums">
                      {formatValue(month[s.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** MRR, new and churned clients, collected and outstanding: the last twelve months. */
export function TrendCharts({ months }: { months: TrendMonth[] }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <Card className="min-w-0 lg:col-span-2">
        <CardContent className="pt-6">
          <TrendFigure
            title="Monthly recurring revenue"
            label="Monthly recurring revenue at the end of each of the last 12 months"
            months={months}
            kind="line"
            money
            series={[{ key: 'mrr', name: 'MRR', color: COLORS.primary }]}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardContent className="pt-6">
          <TrendFigure
            title="New and churned clients"
            label="Clients whose plan started and clients whose plan ended, per month, last 12 months"
            months={months}
            kind="bar"
            money={false}
            series={[
              { key: 'newClients', name: 'New', color: COLORS.primary },
              { key: 'churnedClients', name: 'Churned', color: COLORS.loss },
            ]}
          />
        </CardContent>
      </Card>
      <Card className="min-w-0">
        <CardContent className="pt-6">
          <TrendFigure
            title="Collected and outstanding"
            label="Payments collected in each month and invoices still owed at its end, last 12 months"
            months={months}
            kind="bar"
            money
            series={[
              { key: 'collected', name: 'Collected', color: COLORS.primary },
              { key: 'outstanding', name: 'Outstanding', color: COLORS.second },
            ]}
          />
        </CardContent>
      </Card>
    </div>
  );
}
