import { afterEach, expect, it } from 'vitest';
import { currentLanguage } from '@/lib/i18n';
import { firstLoadAt, requestedUrls, resetFirstLoad } from '@/test/early-read';
import { ANY_TOURNAMENT, listTournaments } from './list-tournaments';

afterEach(resetFirstLoad);

// public/theme-init.js starts /tournaments' read from <head> (issue 16); the page's own first
// request must be that URL, or the phone downloads the list twice.
it('the first list request of /tournaments is the one started from <head>', async () => {
  // The app reads in the language i18next started with, which <head> found by the same rule.
  localStorage.setItem('i18nextLng', currentLanguage());
  const fetchStub = firstLoadAt('/tournaments', { items: [], next_cursor: '' });
  const page = await listTournaments(ANY_TOURNAMENT);
  expect(page).toEqual({ items: [], next_cursor: '' });
  // The other request is the signed-in user's, also from <head>.
  expect(requestedUrls(fetchStub)).toEqual(['/api/tournaments?limit=24', '/api/users/me']);
});
