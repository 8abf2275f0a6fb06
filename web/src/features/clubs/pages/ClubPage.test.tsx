import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse, makeUser } from '@/test/session';
import type { ClubDetail } from '../api/get-club';
import ClubPage from './ClubPage';

afterEach(() => vi.unstubAllGlobals());

const CLUB: ClubDetail = {
  id: 5,
  name: 'Tomar Ténis Nabão',
  address: 'Rua A',
  phone: '+351249000000',
  email: 'geral@tomar.example.pt',
  website: 'tomar.example.pt',
  district: 'porto',
  municipality: 'porto-matosinhos',
  surfaces: ['clay'],
  facilities: ['parking'],
  status: 'pending',
  image_url: '',
  created_at: '2026-01-01T00:00:00Z',
  expires_at: new Date(Date.now() + (2 * 24 + 5) * 3600_000 + 60_000).toISOString(),
  stats: { members: 1, tournaments: 0, matches: 0 },
  members: [
    {
      user_id: 9,
      display_name: 'Ana Silva',
      photo_url: '',
      role: 'administrator',
      joined_at: '2026-01-01T00:00:00Z',
      can_make_admin: false,
      can_remove_admin: false,
      can_remove: false,
    },
  ],
  my_role: '',
  can_edit: false,
  can_decide: false,
  can_join: false,
  can_leave: false,
  can_manage_members: false,
};

function setup(answer: () => Response, role: 'player' | 'superadmin' = 'player') {
  // The page reads the server's flags only; the role here just signs someone in.
  mockApi([
    ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
    ['GET', '/api/clubs/5', answer],
  ]);
  renderPage(<ClubPage />, { path: '/clubs/:id', at: '/clubs/5', user: makeUser({ role }) });
}

describe('/clubs/:id', () => {
  it("shows 'Club not found' with the way back", async () => {
    setup(() => jsonResponse(404, { status: 404, code: 'club.not_found', message: 'Clube não encontrado.' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clube não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar aos clubes' })).toHaveAttribute('href', '/clubs');
  });

  it('shows a pending club with the time left, contacts as links, and Validate / Reject for super admins', async () => {
    setup(() => ok({ ...CLUB, can_decide: true }), 'superadmin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tomar Ténis Nabão' })).toBeInTheDocument();
    expect(screen.getByText('Pendente · faltam 2d 5h')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'geral@tomar.example.pt' })).toHaveAttribute('href', 'mailto:geral@tomar.example.pt');
    expect(screen.getByRole('link', { name: 'tomar.example.pt' })).toHaveAttribute('href', 'https://tomar.example.pt');
    expect(screen.getByRole('button', { name: 'Validar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Rejeitar' })).toBeInTheDocument();
    // not validated yet: nobody can join
    expect(screen.queryByRole('button', { name: 'Aderir ao clube' })).toBeNull();
  });

  it('has no Validate / Reject without can_decide, even for a super admin', async () => {
    setup(() => ok(CLUB), 'superadmin');
    await screen.findByRole('heading', { level: 1, name: 'Tomar Ténis Nabão' });
    expect(screen.queryByRole('button', { name: 'Validar' })).toBeNull();
  });
});
