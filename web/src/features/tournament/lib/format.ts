/** Formatting shared by the tabs; dates follow the UI language. */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date ("YYYY-MM-DD") or a timestamp as "12 de março de 2026" / "12 March 2026". */
export function formatDate(value: string, language: string): string {
  // A bare date is a calendar day: read and print it in UTC so no timezone moves it a day.
  const day = DAY.test(value);
  const date = new Date(day ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: day ? 'UTC' : undefined }).format(date);
}

/** A short day and month ("12/03") for dense lists. */
export function formatShortDate(value: string, language: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { day: '2-digit', month: '2-digit' }).format(date);
}

/** Points with their sign ("+3", "0", "−1"), as scoring rules are read. */
export function signed(n: number): string {
  if (n > 0) return `+${n}`;
  if (n < 0) return `−${Math.abs(n)}`;
  return '0';
}
