/**
 * The yearly schedule as a real table. It scrolls inside a box of fixed height, so changing
 * the term never moves the page below it; the box is focusable to scroll by keyboard.
 */
import { formatMoney, type ScheduleYear } from '#src/lib/mortgage.ts';

interface Props {
  id: string;
  schedule: readonly ScheduleYear[];
  caption: string;
}

export default function AmortizationTable({ id, schedule, caption }: Props) {
  const captionId = `${id}-caption`;
  const total = schedule.reduce(
    (sum, y) => ({ principal: sum.principal + y.principal, interest: sum.interest + y.interest }),
    {
      principal: 0,
      interest: 0,
    },
  );
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must take focus so keyboard users can scroll it (WCAG 2.1.1)
      tabIndex={0}
      className="h-96 overflow-y-auto rounded-lg border border-slate-300 print:h-auto print:overflow-visible"
    >
      <table id={id} className="w-full border-collapse text-right text-xs tabular-nums sm:text-sm">
        <caption id={captionId} className="px-3 py-2 text-left text-sm font-semibold text-ink">
          {caption}
        </caption>
        <thead className="sticky top-0 bg-sand">
          <tr>
            <th scope="col" className="px-1.5 py-2 text-left">
              Year
            </th>
            <th scope="col" className="px-1.5 py-2">
              Principal
            </th>
            <th scope="col" className="px-1.5 py-2">
              Interest
            </th>
            <th scope="col" className="px-1.5 py-2">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {schedule.map((y) => (
            <tr key={y.year} className="border-t border-slate-200">
              <th scope="row" className="px-1.5 py-1.5 text-left font-medium">
                {y.year}
              </th>
              <td className="px-1.5 py-1.5">{formatMoney(y.principal)}</td>
              <td className="px-1.5 py-1.5">{formatMoney(y.interest)}</td>
              <td className="px-1.5 py-1.5">{formatMoney(y.balance)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-400 font-semibold">
            <th scope="row" className="px-1.5 py-2 text-left">
              Total
            </th>
            <td className="px-1.5 py-2">{formatMoney(total.principal)}</td>
            <td className="px-1.5 py-2">{formatMoney(total.interest)}</td>
            <td className="px-1.5 py-2" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
