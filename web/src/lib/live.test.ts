import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { challengeKeys, matchKeys } from '@/features/challenges/api/keys';
import { notificationKeys } from '@/features/notifications/api/keys';
import { tournamentKey } from '@/features/tournament/api/get-tournament';
import { conversationKeys } from './conversations';
import { gamificationKeys } from './gamification';
import { backoff, invalidateLive, keysFor, liveKeys } from './live';

describe('live updates', () => {
  it('invalidates the prefixes of the features’ own keys', () => {
    expect(notificationKeys.bell(3, 'pt').slice(0, 2)).toEqual([...liveKeys.notifications(3)]);
    expect(challengeKeys.list(3, 'received', 'pending').slice(0, 2)).toEqual([...liveKeys.challenges(3)]);
    expect(matchKeys.one(3, 9).slice(0, 2)).toEqual([...liveKeys.matches(3)]);
    expect([...tournamentKey(5)]).toEqual([...liveKeys.tournament(5)]);
    expect(tournamentKey(5)[0]).toEqual(liveKeys.tournaments[0]);
    expect(conversationKeys.messages(3, 7).slice(0, 2)).toEqual([...liveKeys.conversations(3)]);
    expect(keysFor(3, { type: 'message', conversation_id: 7 })).toEqual([liveKeys.conversations(3)]);
    expect(gamificationKeys.popups(3).slice(0, 2)).toEqual([...liveKeys.gamification(3)]);
  });

  it('maps events to keys', () => {
    expect(keysFor(3, { type: 'notification' })).toEqual([['notifications', 3]]);
    expect(keysFor(3, { type: 'challenge', challenge_id: 1, tournament_id: 5 })).toEqual([
      ['challenges', 3],
      ['matches', 3],
      ['tournaments', 'detail', 5],
    ]);
    expect(keysFor(3, { type: 'match', match_id: 1 })).toEqual([
      ['challenges', 3],
      ['matches', 3],
    ]);
    expect(keysFor(3, { type: 'resync' })).toHaveLength(6);
    expect(keysFor(3, { type: 'gamification' })).toEqual([['gamification', 3]]);
    expect(keysFor(3, { type: 'presence', user_id: 4, online: true })).toEqual([]);
  });

  it('backs off with jitter up to 30 s', () => {
    expect(backoff(0, () => 0)).toBe(500);
    expect(backoff(0, () => 1)).toBe(1000);
    expect(backoff(3, () => 1)).toBe(8000);
    expect(backoff(20, () => 1)).toBe(30_000);
    expect(backoff(20, () => 0)).toBe(15_000);
  });

  it('fetches again a first fetch that was in flight when the event came', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
    let stored = 'before';
    let answer: (v: string) => void = () => {};
    let calls = 0;
    const queryFn = () => {
      calls++;
      // The first answer is held back: it was read before the change, and arrives after the event.
      if (calls === 1) return new Promise<string>((resolve) => (answer = () => resolve('before')));
      return Promise.resolve(stored);
    };
    const observer = new QueryObserver(client, { queryKey: ['gamification', 3, 'xp'], queryFn });
    const unsubscribe = observer.subscribe(() => {});
    stored = 'after'; // the change the event announces
    const done = invalidateLive(client, liveKeys.gamification(3));
    answer('before');
    await done;
    expect(client.getQueryData(['gamification', 3, 'xp'])).toBe('after');
    expect(calls).toBe(2);
    unsubscribe();
  });
});
