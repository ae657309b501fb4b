/**
 * Which of a worksheet's boxes that the closing day decides (`closingDayChecks`, worksheets.ts) the
 * visitor ticked or unticked, read as the page starts. Pure, for the worksheet's page script
 * (Worksheet.astro), which imports it alone.
 */

/**
 * A browser that reloads a page on Back (rather than restoring it from its cache) puts each box and
 * the closing day back as they were left. The script keeps every box the visitor left alone as its
 * day has it, so a box that disagrees with its day was the visitor's choice, and stays theirs. (The
 * script started with none: a box unticked for a closing in September was ticked again.) Read before
 * the script moves a past closing day, as the box was set by the day it shows then.
 * `checked` is a box's state, or undefined where the sheet has no such box.
 */
export function chosenBoxes(
  checks: Readonly<Record<string, (closingDate: string) => boolean>>,
  closingDate: string,
  checked: (name: string) => boolean | undefined,
): string[] {
  return Object.entries(checks)
    .filter(([name, byDay]) => {
      const state = checked(name);
      return state !== undefined && state !== byDay(closingDate);
    })
    .map(([name]) => name);
}
