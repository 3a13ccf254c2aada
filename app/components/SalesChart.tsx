import { dayOfNumber, formatShortDay, isoDay } from "~/lib/dates";
import { formatPaise } from "~/lib/money";
import { formatPaiseShort } from "~/lib/money-short";
import { plural } from "~/lib/plural";

export type ChartDay = { day: number; orders: number; revenue: number; paid: number };

const HEIGHT = 240; // px: the plot and its date labels
const TOP = 18; // room above the highest grid line for its labels
const PLOT = 190; // px from the top grid line to the baseline
const BASE = TOP + PLOT;
const TICKS = 4;

/** The smallest 1, 2, 2.5 or 5 × 10^k at or above `n` (at least `min`). */
export function niceCeiling(n: number, min = 1): number {
  if (n <= min) return min;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

/**
 * Revenue (bars, rupees on the left) and orders (line, counts on the right) per India day, drawn
 * on the server as SVG: no chart script. The plot stretches to any width while its text keeps its
 * size: bars and the line live in an inner SVG that scales horizontally only, labels and dots sit
 * in the outer one at percentages. What it shows is said in words (`summaryId`) and, day by day, in
 * the table beside it.
 */
export function SalesChart({ days, summaryId }: { days: ChartDay[]; summaryId: string }) {
  const n = days.length;
  const revenueMax = niceCeiling(Math.max(0, ...days.map((d) => d.revenue)), 100_00);
  const ordersMax = Math.max(TICKS, Math.ceil(Math.max(0, ...days.map((d) => d.orders)) / TICKS) * TICKS);
  const y = (value: number, max: number) => TOP + PLOT - (value / max) * PLOT;
  const x = (i: number) => `${((i + 0.5) / n) * 100}%`;
  const ticks = Array.from({ length: TICKS + 1 }, (_, k) => k / TICKS);
  // A date under today and every 7th day before it.
  const labelled = days.map((_, i) => (n - 1 - i) % 7 === 0);
  return (
    <svg
      className="sales-chart"
      width="100%"
      height={HEIGHT}
      role="img"
      aria-labelledby={summaryId}
      data-testid="sales-chart"
    >
      {ticks.map((t) => (
        <line key={t} className="grid" x1="0" x2="100%" y1={y(t, 1)} y2={y(t, 1)} />
      ))}
      <svg x="0" y="0" width="100%" height={HEIGHT} viewBox={`0 0 ${n * 10} ${HEIGHT}`} preserveAspectRatio="none">
        {days.map((d, i) => (
          <rect
            key={d.day}
            className="bar"
            x={i * 10 + 1.5}
            width={7}
            y={y(d.revenue, revenueMax)}
            height={BASE - y(d.revenue, revenueMax)}
          >
            <title>
              {`${formatShortDay(dayOfNumber(d.day))}: ${formatPaise(d.revenue)} from ${plural(d.orders, "order")}`}
            </title>
          </rect>
        ))}
        <polyline
          className="orders-line"
          fill="none"
          vectorEffect="non-scaling-stroke"
          points={days.map((d, i) => `${i * 10 + 5},${y(d.orders, ordersMax)}`).join(" ")}
        />
      </svg>
      {days.map((d, i) => (
        <circle key={d.day} className="orders-dot" cx={x(i)} cy={y(d.orders, ordersMax)} r={2.5} />
      ))}
      {/* Labels last, over the bars and the line, each with a halo (app/styles/admin.css) to stay readable. */}
      {ticks.map((t) => (
        <g key={t}>
          <text x="0" y={y(t, 1) - 4} className="axis">
            {formatPaiseShort(t * revenueMax)}
          </text>
          <text x="100%" y={y(t, 1) - 4} textAnchor="end" className="axis">
            {t * ordersMax} {t === 1 ? "orders" : ""}
          </text>
        </g>
      ))}
      {days.map((d, i) =>
        labelled[i] ? (
          <text
            key={d.day}
            x={x(i)}
            y={HEIGHT - 14}
            textAnchor={i === n - 1 ? "end" : i === 0 ? "start" : "middle"}
            className="axis"
          >
            <tspan>{formatShortDay(dayOfNumber(d.day))}</tspan>
            <title>{isoDay(dayOfNumber(d.day))}</title>
          </text>
        ) : null,
      )}
    </svg>
  );
}
