import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstLoadAt, requestedUrls, resetFirstLoad } from '@/test/early-read';
import { EARLY_READ_MAX_AGE_MS, takeEarlyRead } from './early-read';

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
  ])('%s reads %j', (path, urls) => {
    const fetchStub = firstLoadAt(path, {});
    expect(requestedUrls(fetchStub)).toEqual(urls);
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
