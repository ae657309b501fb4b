/**
 * The worksheet's boxes decided by the closing day, as its page starts (Worksheet.astro): a box that a
 * reload on Back restored as the visitor left it stays the visitor's choice.
 */
import { describe, expect, it } from 'vitest';
import { chosenBoxes } from '#src/lib/closing-day-choices.ts';
import { closingDayChecks } from '#src/lib/worksheets.ts';

const boxes = (states: Record<string, boolean>) => (name: string) => states[name];

describe('boxes chosen before a reload', () => {
  it('keeps "This year\'s bill has gone out" unticked for a closing in September', () => {
    // The script started with no choice and ticked it again, whatever the build's closing day.
    expect(chosenBoxes(closingDayChecks, '2026-09-15', boxes({ taxBillOut: false }))).toEqual(['taxBillOut']);
    expect(chosenBoxes(closingDayChecks, '2026-07-15', boxes({ taxBillOut: true }))).toEqual(['taxBillOut']);
  });

  it('leaves a box as its day has it to the day, so that it follows a new closing day', () => {
    expect(chosenBoxes(closingDayChecks, '2026-09-15', boxes({ taxBillOut: true }))).toEqual([]);
    expect(chosenBoxes(closingDayChecks, '2026-07-15', boxes({ taxBillOut: false }))).toEqual([]);
    // A cleared day is no September: the script leaves the box unticked.
    expect(chosenBoxes(closingDayChecks, '', boxes({ taxBillOut: false }))).toEqual([]);
  });

  it('reads a first view as no choice: the box is as the build rendered it for its day', () => {
    const buildDay = '2026-10-01';
    expect(
      chosenBoxes(closingDayChecks, buildDay, boxes({ taxBillOut: closingDayChecks['taxBillOut']!(buildDay) })),
    ).toEqual([]);
  });

  it('has nothing to keep on a sheet without such a box', () => {
    expect(chosenBoxes(closingDayChecks, '2026-09-15', boxes({}))).toEqual([]);
  });
});
