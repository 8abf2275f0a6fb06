/** The timezones offered on /profile: Portugal's three, the neighbours, UTC. */
export const TIMEZONES = ['Europe/Lisbon', 'Atlantic/Azores', 'Atlantic/Madeira', 'Europe/London', 'Europe/Madrid', 'Europe/Paris', 'UTC'];

export function browserTimezone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/** The offered list, plus the browser's own zone and the saved one when they are not in it. */
export function timezoneOptions(current: string, browser = browserTimezone()): string[] {
  const out = [...TIMEZONES];
  for (const zone of [browser, current]) if (zone && !out.includes(zone)) out.push(zone);
  return out;
}

/** "GMT+1" style offset of a zone right now ('' when the browser does not know the zone). */
export function utcOffset(zone: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName');
    return part?.value.replace(/^GMT$/, 'GMT+0') ?? '';
  } catch {
    return '';
  }
}
