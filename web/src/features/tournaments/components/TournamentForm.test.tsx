import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage, type Route } from '@/test/app';
import { jsonResponse } from '@/test/session';
import { createTournament } from '../api/save-tournament';
import { tournament } from '../fixtures';
import { CreateTournamentDialog } from './CreateTournamentDialog';
import { TournamentForm } from './TournamentForm';

afterEach(() => vi.unstubAllGlobals());

const base: Route[] = [
  ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
  ['GET', '/api/clubs', () => ok({ items: [{ id: 2, name: 'Clube de Ténis da Foz' }] })],
];

function renderForm(onSubmit = vi.fn(), extra: Route[] = []) {
  const api = mockApi([...base, ...extra]);
  renderPage(<TournamentForm creating onSubmit={onSubmit} errorTitle="Erro ao criar torneio" submitLabel="Criar torneio" />);
  return { ...api, onSubmit, user: userEvent.setup() };
}

describe('tournament form', () => {
  it('shows the defaults and requires a name before sending', async () => {
    const { user, onSubmit } = renderForm();
    expect(screen.getByLabelText('Prazo de resposta (dias)')).toHaveValue(7);
    expect(screen.getByLabelText('Máximo de recusas')).toHaveValue(3);
    expect(screen.getByLabelText('Alcance dos desafios')).toHaveValue(3);
    expect(screen.getByRole('radio', { name: 'Padrão' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Público' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vou jogar neste torneio' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Criar torneio' }));
    expect(await screen.findByText('Indique o nome do torneio.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the points of each preset, and number boxes only for custom', async () => {
    const { user } = renderForm();
    expect(screen.getByRole('radio', { name: 'Padrão' })).toHaveAccessibleDescription(
      'Vitória contra melhor classificado +3, contra pior classificado +2, derrota −1.',
    );
    expect(screen.getByRole('radio', { name: 'Agressivo' })).toHaveAccessibleDescription(/\+5, .* \+3, derrota −2/);
    expect(screen.getByRole('radio', { name: 'Conservador' })).toHaveAccessibleDescription(/\+2, .* \+1, derrota 0/);
    expect(screen.getByRole('radio', { name: 'Estilo ténis' })).toHaveAccessibleDescription(/\+4, .* \+2, derrota −1/);
    expect(screen.getByText('+5 / +3 / −2')).toBeInTheDocument();
    expect(screen.queryByLabelText('Derrota')).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    expect(screen.getByLabelText('Derrota')).toHaveValue(-1);
    // classic ranking moves places: no points system to choose
    await user.click(screen.getByRole('radio', { name: 'Clássico' }));
    expect(screen.queryByRole('radio', { name: 'Personalizado' })).toBeNull();
    expect(screen.getByText(/fica com o lugar dele, e os que estavam entre os dois descem um lugar/)).toBeInTheDocument();
  });

  it('opens and closes field help from the keyboard', async () => {
    const { user } = renderForm();
    const help = screen.getByRole('button', { name: 'Ajuda: Alcance dos desafios' });
    help.focus();
    await user.keyboard('{Enter}');
    expect(help).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/até este número de lugares acima ou abaixo/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(/até este número de lugares acima ou abaixo/)).toBeNull();
    expect(help).toHaveFocus();
  });

  it("shows the server's field errors under the fields and its message in the toast", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const problem = {
      status: 422,
      message: 'Alguns campos não estão corretos.',
      errors: [
        { location: 'body.response_days', message: 'Escolha um valor de 1 a 30.', code: 'tournament.between' },
        { location: 'body.scoring', message: 'Pontos inválidos.', code: 'tournament.scoring_invalid' },
      ],
    };
    const { user } = renderForm(createTournament as never, [['POST', '/api/tournaments', () => jsonResponse(422, problem)]]);
    await user.type(screen.getByLabelText('Nome'), 'Escada');
    await user.click(screen.getByRole('radio', { name: 'Personalizado' }));
    await user.clear(screen.getByLabelText('Prazo de resposta (dias)'));
    await user.type(screen.getByLabelText('Prazo de resposta (dias)'), '40');
    await user.click(screen.getByRole('button', { name: 'Criar torneio' }));
    expect(await screen.findByText('Escolha um valor de 1 a 30.')).toBeInTheDocument();
    expect(screen.getByLabelText('Prazo de resposta (dias)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Pontos inválidos.')).toBeInTheDocument();
    expect(screen.getByLabelText('Derrota')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Erro ao criar torneio')).toBeInTheDocument();
    expect(screen.getByText('Alguns campos não estão corretos.')).toBeInTheDocument();
  });
});

describe('create dialog', () => {
  it('creates without playing, then uploads the chosen picture', async () => {
    const { to } = mockApi([
      ...base,
      ['POST', '/api/tournaments', () => jsonResponse(201, tournament(9, 'Escada Nova', { status: 'pending' }))],
      ['POST', '/api/tournaments/9/image', () => ok(tournament(9, 'Escada Nova', { image_url: '/api/tournaments/9/image?v=1' }))],
    ]);
    renderPage(<CreateTournamentDialog open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Nome'), 'Escada Nova');
    await user.click(screen.getByRole('checkbox', { name: 'Vou jogar neste torneio' }));
    const file = new File([new Uint8Array([1, 2, 3])], 'escada.png', { type: 'image/png' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file);
    expect(screen.getByText('escada.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar torneio' }));
    await waitFor(() => expect(to('POST', '/api/tournaments/9/image')).toHaveLength(1));
    expect(await to('POST', '/api/tournaments')[0].json()).toMatchObject({ play: false });
    expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  });
});
