/**
 * The day the sample content is set on (its data last updated November 21, 2026; the open house of
 * November 8 over, that of January 16, 2027 to come). The tests' builds take it as now
 * (`BUILD_TIME`, src/lib/build-time.ts), so their expectations do not expire with the calendar.
 */
export const samplesDate = '2026-11-25T12:00:00-05:00';
