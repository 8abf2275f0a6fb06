import { afterEach, expect, it } from 'vitest';
import { currentLanguage } from '@/lib/i18n';
import { firstLoadAt, requestedUrls, resetFirstLoad } from '@/test/early-read';
import { getTournament } from './get-tournament';

afterEach(resetFirstLoad);

// public/theme-init.js starts /tournaments/:id's read from <head> (issue 16); the page's own first
// request must be that URL, or the phone downloads the tournament twice.
it('the first tournament request of /tournaments/7 is the one started from <head>', async () => {
  // The app reads in the language i18next started with, which <head> found by the same rule.
  localStorage.setItem('i18nextLng', currentLanguage());
  const fetchStub = firstLoadAt('/tournaments/7', { id: 7 });
  expect(await getTournament(7)).toEqual({ id: 7 });
  // The other request is the signed-in user's, also from <head>.
  expect(requestedUrls(fetchStub)).toEqual(['/api/tournaments/7', '/api/users/me']);
});
