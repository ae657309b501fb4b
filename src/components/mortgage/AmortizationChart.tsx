/**
 * Yearly principal and interest as stacked bars, with the year-end balance as a line: inline
 * SVG, no chart library. The table next to it carries the same figures for assistive
 * technology, so the drawing itself is hidden from it and the caption says what it shows.
 */
import { formatWholeDollars, type ScheduleYear } from '#src/lib/mortgage.ts';

interface Props {
  schedule: readonly ScheduleYear[];
  loan: number;
}

const colors = { principal: '#14213d', interest: '#c2410c', balance: '#0f766e' };

export default function AmortizationChart({ schedule, loan }: Props) {
  const n = schedule.length;
  const maxYear = Math.max(0, ...schedule.map((y) => y.principal + y.interest));
  const drawable = loan > 0 && maxYear > 0;
  // Plot units: one unit of width per year, 100 of height; stretched to the box, strokes kept crisp.
  // Written to 0.01 unit (0.02 px of the 224 px box): full floats ("85.26364479486486", "2.8e-14")
  // made the drawing a fifth of a home page's HTML.
  const at = (units: number) => Math.round(units * 100) / 100;
  const h = (amount: number, max: number) => Math.max(0, Math.min(100, (amount / max) * 100));
  const balancePoints = [`0,0`, ...schedule.map((y, i) => `${i + 1},${at(100 - h(y.balance, loan))}`)].join(' ');
  const midYear = Math.ceil(n / 2);
  return (
    <figure className="m-0">
      <div className="flex gap-2 text-xs text-ink-soft tabular-nums">
        <div className="flex w-16 flex-col justify-between text-right wrap-anywhere" aria-hidden="true">
          <span>{formatWholeDollars(maxYear)}</span>
          <span>$0</span>
        </div>
        <svg
          viewBox={`0 0 ${Math.max(n, 1)} 100`}
          preserveAspectRatio="none"
          className="h-56 min-w-0 flex-1 border-b border-l border-slate-400"
          aria-hidden="true"
          focusable="false"
        >
          {drawable &&
            schedule.map((y, i) => {
              const principal = h(y.principal, maxYear);
              const interest = h(y.interest, maxYear);
              return (
                <g key={y.year}>
                  <rect
                    x={i + 0.15}
                    width={0.7}
                    y={at(100 - principal)}
                    height={at(principal)}
                    fill={colors.principal}
                  />
                  <rect
                    x={i + 0.15}
                    width={0.7}
                    y={at(100 - principal - interest)}
                    height={at(interest)}
                    fill={colors.interest}
                  />
                </g>
              );
            })}
          {drawable && (
            <>
              <polyline
                points={balancePoints}
                fill="none"
                stroke="#fff"
                strokeWidth={6}
                vectorEffect="non-scaling-stroke"
              />
              <polyline
                points={balancePoints}
                fill="none"
                stroke={colors.balance}
                strokeWidth={3}
                vectorEffect="non-scaling-stroke"
              />
            </>
          )}
        </svg>
        <div className="flex w-16 flex-col justify-between wrap-anywhere" aria-hidden="true">
          <span>{formatWholeDollars(Math.max(loan, 0))}</span>
          <span>$0</span>
        </div>
      </div>
      <div className="mx-18 flex justify-between text-xs text-ink-soft" aria-hidden="true">
        <span>Year 1</span>
        <span>Year {midYear}</span>
        <span>Year {n}</span>
      </div>
      <figcaption className="mt-3 text-sm text-ink-soft">
        <span className="flex flex-wrap gap-x-4 gap-y-1">
          <Key color={colors.principal} label="Principal paid (left scale)" />
          <Key color={colors.interest} label="Interest paid (left scale)" />
          <Key color={colors.balance} label="Balance at year end (right scale)" line />
        </span>
        <span className="mt-2 block">
          Each bar is one year of payments: interest takes most of the early years and principal most of the late ones.
          The table lists every year&apos;s figures.
        </span>
      </figcaption>
    </figure>
  );
}

function Key({ color, label, line = false }: { color: string; label: string; line?: boolean }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span
        aria-hidden="true"
        className={line ? 'inline-block h-1 w-4 rounded' : 'inline-block h-3 w-3 rounded-sm'}
        // A key's colour is the chart's: kept in a contrast theme (Windows' forced colours), which keeps the bars'.
        style={{ backgroundColor: color, forcedColorAdjust: 'none' }}
      />
      {label}
    </span>
  );
}
