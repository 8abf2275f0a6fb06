import { currentLanguage } from '@/lib/i18n';

/**
 * Downloads a match as an .ics file (GET /api/matches/{id}/calendar.ics) under the server's file
 * name; throws on failure. Shared by every page with match cards.
 */
export async function downloadMatchCalendar(matchId: number): Promise<void> {
  const res = await fetch(`/api/matches/${matchId}/calendar.ics`, {
    credentials: 'same-origin',
    headers: { 'Accept-Language': currentLanguage() },
  });
  if (!res.ok) throw new Error(`calendar ${res.status}`);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? `match-${matchId}.ics`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
