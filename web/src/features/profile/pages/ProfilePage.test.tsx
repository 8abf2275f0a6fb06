import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderRoutes } from '@/test/app';
import { jsonResponse, makeUser } from '@/test/session';
import type { Profile } from '../api/get-profile';
import { payloadOf, valuesOf } from '../components/ProfileForm';
import ProfilePage from './ProfilePage';

afterEach(() => vi.unstubAllGlobals());

const PROFILE: Profile = {
  ...makeUser({ id: 7, email: 'pedro@example.pt' }),
  phone: '+351912345678',
  whatsapp: '',
  signal: '',
  telegram: '',
  age: 29,
  gender: 'male',
  district: 'porto',
  municipality: 'porto-vila-nova-de-gaia',
  timezone: 'Europe/Lisbon',
  club_id: 12,
  created_at: '2026-01-05T10:00:00Z',
  availability: [{ weekday: 1, start_minute: 1110, end_minute: 1260 }],
};

function setup(updateAnswer: (r: Request) => Response | Promise<Response> = async (r) => ok({ ...PROFILE, ...((await r.json()) as object) })) {
  const api = mockApi([
    ['GET', '/api/profile', () => ok(PROFILE)],
    ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
    ['GET', '/api/clubs', () => ok({ items: [{ id: 12, name: 'Clube de Ténis da Foz' }] })],
    ['PUT', '/api/profile', updateAnswer],
  ]);
  const utils = renderRoutes(
    [
      {
        path: '/profile',
        element: (
          <>
            <Link to="/clubs">clubs-link</Link>
            <ProfilePage />
          </>
        ),
      },
      { path: '/clubs', element: <p data-testid="clubs" /> },
    ],
    { at: '/profile' },
  );
  return { ...api, ...utils, user: userEvent.setup() };
}

const loaded = async () => {
  await screen.findByLabelText('Nome próprio');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Vila Nova de Gaia' })).toBeInTheDocument());
};

describe('profile form', () => {
  it('shows the profile, email read-only, and the municipality list of the district', async () => {
    setup();
    await loaded();
    expect(screen.getByLabelText('Nome próprio')).toHaveValue('Pedro');
    expect(screen.getByLabelText('Email')).toHaveValue('pedro@example.pt');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Idade (opcional)')).toHaveValue(29);
    expect(screen.getByLabelText('Distrito ou região')).toHaveValue('porto');
    expect(screen.getByLabelText('Concelho')).toHaveValue('porto-vila-nova-de-gaia');
    // a new district clears the municipality and lists its own
    fireEvent.change(screen.getByLabelText('Distrito ou região'), { target: { value: 'braga' } });
    expect(screen.getByLabelText('Concelho')).toHaveValue('');
    expect(screen.queryByRole('option', { name: 'Matosinhos' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Braga', selected: false })).toBeInTheDocument();
  });

  it('sends every field (age null when empty, the home club kept) and confirms', async () => {
    const { user, to } = setup();
    await loaded();
    await user.clear(screen.getByLabelText('Idade (opcional)'));
    await user.type(screen.getByLabelText('Telegram'), '@pedro_tenis');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(await screen.findByText('Perfil guardado.')).toBeInTheDocument();
    expect(await to('PUT', '/api/profile')[0].json()).toEqual({
      first_name: 'Pedro',
      last_name: 'Santos',
      phone: '+351912345678',
      whatsapp: '',
      signal: '',
      telegram: '@pedro_tenis',
      age: null,
      gender: 'male',
      district: 'porto',
      municipality: 'porto-vila-nova-de-gaia',
      timezone: 'Europe/Lisbon',
      club_id: 12,
    });
  });

  it("shows the server's field errors under the fields with an 'Error updating profile' toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(() =>
      jsonResponse(422, {
        status: 422,
        code: 'validation.failed',
        message: 'Alguns campos não estão corretos.',
        errors: [
          { location: 'body.phone', message: 'Introduza um número de telefone válido.', code: 'profile.phone_invalid' },
          { location: 'body.telegram', message: 'Introduza um nome de utilizador Telegram.', code: 'profile.telegram_invalid' },
        ],
      }),
    );
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    const phone = screen.getByLabelText('Telefone');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Introduza um número de telefone válido.'));
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Telegram')).toHaveAccessibleDescription(/Introduza um nome de utilizador Telegram\./);
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Erro ao atualizar perfil');
    expect(toast).toHaveTextContent('Alguns campos não estão corretos.');
    // editing the field clears its error
    await user.type(phone, '9');
    expect(phone).not.toHaveAttribute('aria-invalid');
  });

  it('checks the minimum age (13) before sending', async () => {
    const { user, to } = setup();
    await loaded();
    await user.clear(screen.getByLabelText('Idade (opcional)'));
    await user.type(screen.getByLabelText('Idade (opcional)'), '12');
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    expect(screen.getByLabelText('Idade (opcional)')).toHaveAccessibleDescription(/A idade mínima é 13 anos\./);
    expect(to('PUT', '/api/profile')).toHaveLength(0);
  });
});

describe('unsaved changes', () => {
  it('leaving with edits asks: stay keeps them, leave goes; saved edits leave freely', async () => {
    const { user, router } = setup();
    await loaded();
    await user.type(screen.getByLabelText('Nome próprio'), 'x');
    expect(screen.getByText('Tem alterações por guardar.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'clubs-link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sair sem guardar?' });
    await user.click(screen.getByRole('button', { name: 'Ficar na página' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByLabelText('Nome próprio')).toHaveValue('Pedrox');

    await user.click(screen.getByRole('link', { name: 'clubs-link' }));
    await user.click(await screen.findByRole('button', { name: 'Sair sem guardar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/clubs'));
  });

  it('asks the browser too (beforeunload) only while there are edits', async () => {
    const { user } = setup();
    await loaded();
    const before = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(before()).toBe(false);
    await user.type(screen.getByLabelText('Apelido'), 'z');
    expect(before()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Guardar perfil' }));
    await screen.findByText('Perfil guardado.');
    // The listener goes with the effects of the saved state's render, which run after the paint.
    await waitFor(() => expect(before()).toBe(false));
  });
});

describe('payload helpers', () => {
  it('round-trip a profile without age or club', () => {
    const values = valuesOf({ ...PROFILE, age: null, club_id: null });
    expect(values.age).toBe('');
    expect(values.club_id).toBe('');
    expect(payloadOf(values)).toMatchObject({ age: null, club_id: null });
    expect(payloadOf({ ...values, age: '40', club_id: '3' })).toMatchObject({ age: 40, club_id: 3 });
  });
});
