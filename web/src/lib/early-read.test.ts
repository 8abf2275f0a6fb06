import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstLoadAt, requestedUrls, resetFirstLoad } from '@/test/early-read';
import { EARLY_READ_MAX_AGE_MS, takeEarlyMe, takeEarlyRead } from './early-read';

afterEach(resetFirstLoad);

const get = (path: string, method = 'GET') => new Request(new URL(path, window.location.origin), { method });

describe('the first page read started from <head>', () => {
  it.each([
    ['/', []],
    ['/clubs', []],
    ['/tournaments', ['/api/tournaments?limit=24']],
    ['/tournaments?club=3', []],
    ['/tournaments/7', ['/api/tournaments/7']],
    ['/tournaments/7/x', []],
    ['/tournaments/0', []],
    ['/tournaments/abc', []],
  ])('%s reads %j, and every page the signed-in user', (path, urls) => {
    const fetchStub = firstLoadAt(path, {});
    expect(requestedUrls(fetchStub)).toEqual([...urls, '/api/users/me']);
  });

  it('sends the reader language and the cookies, as the app does', () => {
    localStorage.setItem('i18nextLng', 'en');
    const fetchStub = firstLoadAt('/tournaments/7', {});
    expect(fetchStub).toHaveBeenCalledWith('/api/tournaments/7', { credentials: 'same-origin', headers: { 'Accept-Language': 'en' } });
  });

  it('is handed out once, to a GET of the same URL', async () => {
    firstLoadAt('/tournaments/7', { id: 7 });
    expect(takeEarlyRead(get('/api/tournaments/8'))).toBeUndefined();
    const response = await takeEarlyRead(get('/api/tournaments/7'));
    expect(await response?.json()).toEqual({ id: 7 });
    expect(takeEarlyRead(get('/api/tournaments/7'))).toBeUndefined();
  });

  it('is not handed out once it is old: a later visit reads fresh data', () => {
    firstLoadAt('/tournaments/7', {});
    const started = window.__ladderEarlyRead!.at;
    expect(takeEarlyRead(get('/api/tournaments/7'), started + EARLY_READ_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('falls back to the network when the early read failed', async () => {
    firstLoadAt('/tournaments/7', {});
    window.__ladderEarlyRead!.response = Promise.reject(new TypeError('Failed to fetch'));
    const retry = vi.fn(async () => new Response('{"id":7}'));
    vi.stubGlobal('fetch', retry);
    const response = await takeEarlyRead(get('/api/tournaments/7'));
    expect(await response?.json()).toEqual({ id: 7 });
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('is forgotten after any other method: a sign-in or sign-out changes what the URL answers', () => {
    firstLoadAt('/tournaments/7', { id: 7 });
    expect(takeEarlyRead(get('/api/sessions', 'POST'))).toBeUndefined();
    expect(takeEarlyRead(get('/api/tournaments/7'))).toBeUndefined();
  });

  it('is not handed out to a request in another language', () => {
    localStorage.setItem('i18nextLng', 'en');
    firstLoadAt('/tournaments/7', { id: 7 });
    const request = get('/api/tournaments/7');
    request.headers.set('Accept-Language', 'pt');
    expect(takeEarlyRead(request)).toBeUndefined();
  });
});

describe('the signed-in user read started from <head>', () => {
  const never = () => Promise.reject(new Error('the network was asked'));

  it('asks with the reader language, the cookies and the app’s Accept', () => {
    localStorage.setItem('i18nextLng', 'en');
    const fetchStub = firstLoadAt('/', {});
    expect(fetchStub).toHaveBeenCalledWith('/api/users/me', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Accept-Language': 'en' },
    });
  });

  it('is handed out once, in the language it was asked in', async () => {
    localStorage.setItem('i18nextLng', 'en');
    firstLoadAt('/', { id: 4 });
    expect(takeEarlyMe('pt', never)).toBeUndefined();
    firstLoadAt('/', { id: 4 });
    const response = await takeEarlyMe('en', never);
    expect(await response?.json()).toEqual({ id: 4 });
    expect(takeEarlyMe('en', never)).toBeUndefined();
  });

  it('falls back to the network when it failed', async () => {
    firstLoadAt('/', {});
    const lang = document.documentElement.lang;
    window.__ladderEarlyMe!.response = Promise.reject(new TypeError('Failed to fetch'));
    const response = await takeEarlyMe(lang, async () => new Response('{"id":5}'));
    expect(await response?.json()).toEqual({ id: 5 });
  });
});
