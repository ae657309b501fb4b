/** src/lib/town.ts: the figure a town's value is sorted by in the towns' comparison. */
import { describe, expect, it } from 'vitest';
import { sortFigure } from '../../src/lib/town.ts';

describe('sortFigure', () => {
  it('reads a price or a count with its thousands commas', () => {
    expect(sortFigure('$525,000')).toBe(525000);
    expect(sortFigure('174,721')).toBe(174721);
    expect(sortFigure('$1,250,000')).toBe(1250000);
    expect(sortFigure('2,016')).toBeLessThan(sortFigure('19,435')!);
  });

  it('reads a drive time, a range by its middle', () => {
    expect(sortFigure('20 min')).toBe(20);
    expect(sortFigure('25-30 min')).toBe(27.5);
    expect(sortFigure('25–30 min')).toBe(27.5);
    // A range sorts between its ends' single figures.
    expect(sortFigure('25 min')).toBeLessThan(sortFigure('25-30 min')!);
    expect(sortFigure('25-30 min')).toBeLessThan(sortFigure('30 min')!);
  });

  it('keeps a decimal, and a comma between figures apart', () => {
    expect(sortFigure('1.5 hours')).toBe(1.5);
    expect(sortFigure('10,20')).toBe(15);
  });

  it('has no figure for a text without one, which the table sorts last', () => {
    expect(sortFigure('varies')).toBeUndefined();
    expect(sortFigure('')).toBeUndefined();
  });
});
