/**
 * Phones are stored in one international format (E.164, "+351912345678": DECISIONS "Phones").
 * On screen they read the same in Portuguese and English, grouped as people write them:
 * "+351 912 345 678". Numbers of other countries keep their stored form (grouping them needs each
 * country's plan); anything that is not a stored phone (a Telegram @username) is left untouched.
 */
export function formatPhone(value: string): string {
  const pt = /^\+351(\d{3})(\d{3})(\d{3})$/.exec(value);
  return pt ? `+351 ${pt[1]} ${pt[2]} ${pt[3]}` : value;
}
