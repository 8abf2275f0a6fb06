/**
 * One time format for every language: 24-hour clocks ("14:30"), as the availabilities are written
 * and as Portuguese reads them. English locales default to 12-hour ("02:30 PM"), which beside a
 * "18:00–20:00" availability read as two formats (issue 15). Spread into any Intl options that
 * show an hour: `{ ...CLOCK_24H, hour: '2-digit', minute: '2-digit' }` or `{ timeStyle: 'short', ...CLOCK_24H }`.
 */
export const CLOCK_24H = { hourCycle: 'h23' } as const satisfies Intl.DateTimeFormatOptions;
