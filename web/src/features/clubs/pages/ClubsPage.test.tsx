import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage } from '@/test/app';
import { expectFocusBackToOpener, expectFocusOnCloseTo } from '@/test/dialog-focus';
import type { Club } from '../api/list-clubs';
import ClubsPage, { VIEW_STORAGE_KEY } from './ClubsPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const club = (id: number, name: string): Club => ({
  id,
  name,
  address: '',
  phone: '',
  email: '',
  website: '',
  district: 'porto',
  municipality: 'porto-matosinhos',
  surfaces: ['clay'],
  facilities: [],
  status: 'validated',
  image_url: '',
  created_at: '2026-01-01T00:00:00Z',
  stats: { members: 3, tournaments: 0, matches: 0 },
});

function setup(at = '/clubs') {
  const api = mockApi([
    ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
    [
      'GET',
      '/api/clubs',
      (r) => {
        const cursor = new URL(r.url).searchParams.get('cursor');
        return cursor === 'next' ? ok({ items: [club(3, 'Clube Três')] }) : ok({ items: [club(1, 'Clube Um'), club(2, 'Clube Dois')], next_cursor: 'next' });
      },
    ],
  ]);
  renderPage(<ClubsPage />, { path: '/clubs', at });
  return { ...api, user: userEvent.setup() };
}

const query = (r: Request) => Object.fromEntries(new URL(r.url).searchParams);

describe('/clubs', () => {
  it('shows clubs with surfaces and members, and loads more with the cursor', async () => {
    const { user, to } = setup();
    expect(await screen.findByRole('link', { name: 'Clube Um' })).toHaveAttribute('href', '/clubs/1');
    expect(screen.getAllByText('Terra batida')).toHaveLength(2);
    expect(screen.getAllByText('3 membros')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('link', { name: 'Clube Três' })).toBeInTheDocument();
    expect(query(to('GET', '/api/clubs').at(-1)!)).toEqual({ limit: '24', cursor: 'next' });
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });

  it('filters by district, municipality, status and a debounced search', async () => {
    const { user, to } = setup();
    await screen.findByRole('link', { name: 'Clube Um' });
    await waitFor(() => expect(screen.getByLabelText('Distrito')).not.toBeDisabled());
    await user.selectOptions(screen.getByLabelText('Distrito'), 'porto');
    await user.selectOptions(screen.getByLabelText('Concelho'), 'porto-matosinhos');
    await user.selectOptions(screen.getByLabelText('Estado'), 'pending');
    await user.type(screen.getByRole('searchbox', { name: 'Pesquisar' }), 'foz');
    await waitFor(() =>
      expect(query(to('GET', '/api/clubs').at(-1)!)).toEqual({ limit: '24', q: 'foz', district: 'porto', municipality: 'porto-matosinhos', status: 'pending' }),
    );
    // one request for the whole word, not one per letter
    expect(to('GET', '/api/clubs').filter((r) => query(r).q && query(r).q !== 'foz')).toHaveLength(0);
  });

  it('remembers the grid or list view', async () => {
    const { user } = setup();
    await screen.findByRole('link', { name: 'Clube Um' });
    await user.click(screen.getByRole('button', { name: 'Vista em lista' }));
    expect(screen.getByRole('button', { name: 'Vista em lista' })).toHaveAttribute('aria-pressed', 'true');
    expect(localStorage.getItem(VIEW_STORAGE_KEY)).toBe('list');
  });

  it('returns focus to the propose button when the dialog closes (WCAG 2.4.3)', async () => {
    const { user } = setup();
    await screen.findByRole('link', { name: 'Clube Um' });
    await expectFocusBackToOpener(user, screen.getByRole('button', { name: 'Propor um clube' }), 'Propor um clube');
  });

  it('opened from the URL (?create=true, no opener on the page), returns focus to the propose button', async () => {
    const { user } = setup('/clubs?create=true');
    await expectFocusOnCloseTo(user, 'Propor um clube', () => screen.getByRole('button', { name: 'Propor um clube' }));
  });
});
