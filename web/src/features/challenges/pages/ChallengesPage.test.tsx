import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { mockApi, ok, renderPage, type Route } from '@/test/app';
import { expectFocusOnCloseTo } from '@/test/dialog-focus';
import { jsonResponse } from '@/test/session';
import { toInputValue } from '../lib/time-advice';
import { ANA, ME, RUI, challenge, match, standing } from '../testing/fixtures';
import ChallengesPage from './ChallengesPage';

afterEach(() => vi.unstubAllGlobals());

const at18h30 = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(18, 30, 0, 0);
  return d;
};

function setup(at: string, extra: Route[] = []) {
  const api = mockApi([
    ...extra,
    ['GET', '/api/challenges', () => ok({ items: [] })],
    ['GET', '/api/matches', () => ok({ items: [] })],
    ['GET', '/api/tournaments', () => ok({ items: [{ id: 3, name: 'Escada do Porto', status: 'active' }] })],
    [
      'GET',
      '/api/tournaments/3/standings',
      () => ok({ challenge_range: 1, challenge_blocked: '', ranking_type: 'points', items: [standing(3, RUI), standing(4, ANA, 'active', true), standing(5, ME), standing(6, { id: 13, display_name: 'Zé', photo_url: '' }, 'paused')] }),
    ],
    ['GET', '/api/profile', () => ok({ availability: [{ weekday: 1, start_minute: 1080, end_minute: 1320 }] })],
    ['GET', '/api/challenges/suggestions', () => ok({ times: [at18h30(2).toISOString()], mine_configured: true, opponent_configured: true })],
  ]);
  renderPage(<ChallengesPage />, { at, path: '/challenges' });
  return { ...api, user: userEvent.setup() };
}

const bodyOf = async (r: Request) => JSON.parse(await r.clone().text()) as Record<string, unknown>;

describe('create challenge dialog', () => {
  it('is prefilled from the ranking link, offers only reachable opponents, and sends the challenge', async () => {
    const { user, to } = setup('/challenges?create=true&tournament=3&opponent=11', [
      ['POST', '/api/challenges', () => jsonResponse(201, challenge({ direction: 'sent', challenger: ME, challenged: ANA, can_accept: false, can_reject: false, can_cancel: true }))],
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Criar desafio' });
    const opponent = within(dialog).getByLabelText('Adversário');
    await waitFor(() => expect(opponent).toHaveValue('11'));
    // Range 1 from 5th: 4th (Ana) and 6th (paused, so not offered); 3rd is out of range.
    expect(within(opponent).getAllByRole('option').map((o) => o.textContent)).toEqual(['Escolha um adversário', '#4 · Ana Silva']);
    expect(within(dialog).getByText('Jogadores até 1 lugar acima ou abaixo de si.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Enviar desafio' }));
    expect(within(dialog).getByText('Por favor adicione pelo menos um horário proposto')).toBeInTheDocument();
    expect(to('POST', '/api/challenges')).toHaveLength(0);

    const suggested = at18h30(2);
    await user.click(await within(dialog).findByRole('button', { name: /^Propor / }));
    expect(within(dialog).getByLabelText('Horário 1')).toHaveValue(toInputValue(suggested));
    expect(within(dialog).queryByText('Por favor adicione pelo menos um horário proposto')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar desafio' }));
    await screen.findByText('Desafio enviado a Ana Silva.');
    expect(await bodyOf(to('POST', '/api/challenges')[0])).toEqual({ tournament_id: 3, opponent_id: 11, times: [suggested.toISOString()], message: '' });
  });

  it('asks for a tournament and an opponent, then shows the server refusal per field and as a toast', async () => {
    const { user } = setup('/challenges?create=true', [
      [
        'POST',
        '/api/challenges',
        () => jsonResponse(422, { message: 'Pedido inválido', code: 'validation.failed', errors: [{ location: 'body.times', code: 'x', message: 'Cada horário proposto tem de ser daqui a pelo menos 2 horas.' }] }),
      ],
    ]);
    const dialog = await screen.findByRole('dialog', { name: 'Criar desafio' });
    // A single tournament is chosen by itself; the opponent is not.
    await waitFor(() => expect(within(dialog).getByLabelText('Torneio')).toHaveValue('3'));
    await user.click(within(dialog).getByRole('button', { name: 'Enviar desafio' }));
    expect(within(dialog).getByText('Por favor selecione um torneio e um adversário')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Adversário'), '11');
    const late = at18h30(3);
    late.setHours(22, 0);
    await user.type(within(dialog).getByLabelText('Horário 1'), toInputValue(late));
    expect(within(dialog).getByText('Depois das 21h: é melhor evitar.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar desafio' }));
    expect(await within(dialog).findByText('Cada horário proposto tem de ser daqui a pelo menos 2 horas.')).toBeInTheDocument();
    expect(await screen.findByText('Erro ao criar desafio')).toBeInTheDocument();
  });

  it('opened from the URL (no opener on the page), returns focus to the new challenge button on close', async () => {
    const { user } = setup('/challenges?create=true');
    await expectFocusOnCloseTo(user, 'Criar desafio', () => screen.getByRole('button', { name: 'Novo desafio' }));
  });
});

describe('challenges list', () => {
  it("accepts at a chosen time ('Please select a time' first) with the spec's success text", async () => {
    await i18n.changeLanguage('en');
    const c = challenge();
    const { user, to } = setup('/challenges', [
      ['GET', '/api/challenges', () => ok({ items: [c] })],
      ['POST', '/api/challenges/40/accept', () => ok(match())],
    ]);
    const card = await screen.findByTestId('challenge');
    expect(card).toHaveTextContent('Jogamos no clube?');
    expect(within(card).getByTestId('expires-in')).toHaveTextContent(/Answer within 2d 1h|Answer within 2d 2h/);
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the challenge' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept challenge' }));
    expect(within(dialog).getByText('Please select a time')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('radio')[1]);
    await user.click(within(dialog).getByRole('button', { name: 'Accept challenge' }));
    expect(await screen.findByText('Challenge accepted successfully')).toBeInTheDocument();
    expect(await bodyOf(to('POST', '/api/challenges/40/accept')[0])).toEqual({ time: c.proposed_times[1] });
  });

  it("loads more with before = the last id, and keeps the box and status in the URL", async () => {
    const page1 = Array.from({ length: 20 }, (_, i) => challenge({ id: 100 - i }));
    const { user, to } = setup('/challenges?box=received&status=pending', [
      ['GET', '/api/challenges', (r) => ok({ items: new URL(r.url).searchParams.get('before') === '81' ? [challenge({ id: 80 })] : page1 })],
    ]);
    await waitFor(() => expect(screen.getAllByTestId('challenge')).toHaveLength(20));
    const first = new URL(to('GET', '/api/challenges')[0].url).searchParams;
    expect([first.get('box'), first.get('status'), first.get('limit')]).toEqual(['received', 'pending', '20']);
    expect(screen.getByRole('tab', { name: 'Recebidos' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Pendentes' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getAllByTestId('challenge')).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});

describe('matches', () => {
  it('highlights the match of ?match= and reports a score from my side', async () => {
    const m = match();
    const { user, to } = setup('/challenges?match=90', [
      ['GET', '/api/matches/90', () => ok(m)],
      ['POST', '/api/matches/90/result', () => ok(match({ state: 'result_reported', score: '6-4 3-6 10-8', winner_id: 7, reporter_id: 7 }))],
    ]);
    const card = await screen.findByTestId('match');
    expect(card).toHaveAttribute('data-highlighted', 'true');
    await user.click(within(card).getByRole('button', { name: 'Reportar resultado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reportar o resultado' });
    for (const [label, value] of [['Set 1: os seus jogos', '6'], ['Set 1: jogos de Ana Silva', '4'], ['Set 2: os seus jogos', '3'], ['Set 2: jogos de Ana Silva', '6'], ['Set 3 / super tie-break: os seus jogos', '10'], ['Set 3 / super tie-break: jogos de Ana Silva', '8']]) {
      await user.type(within(dialog).getByLabelText(label), value);
    }
    expect(within(dialog).getByTestId('score-preview')).toHaveTextContent('Ganha por 2–1 em sets · 6-4 3-6 10-8');
    await user.click(within(dialog).getByRole('button', { name: 'Reportar resultado' }));
    await screen.findByText(/Resultado reportado:/);
    const body = await bodyOf(to('POST', '/api/matches/90/result')[0]);
    expect(body.score).toBe('6-4 3-6 10-8');
    expect(body.played_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("toasts 'Failed to validate match' when validation fails", async () => {
    const m = match({ state: 'result_reported', score: '6-2 6-2', winner_id: 11, reporter_id: 11, played_on: '2030-01-02', can_validate: true, can_report: false, can_confirm_time: false, can_cancel: false });
    const { user } = setup('/challenges', [
      ['GET', '/api/matches', () => ok({ items: [m] })],
      ['POST', '/api/matches/90/validate', () => jsonResponse(409, { message: 'Este resultado já foi validado ou rejeitado por outra pessoa.', code: 'match.already_validated' })],
    ]);
    const card = (await screen.findAllByTestId('match'))[0];
    await user.click(within(card).getByRole('button', { name: 'Validar resultado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Validar o resultado' });
    expect(within(dialog).getByTestId('result-summary')).toHaveTextContent('Ainda não respondeu');
    await user.click(within(dialog).getByRole('button', { name: 'Aprovar resultado' }));
    expect(await screen.findByText('Falha ao validar jogo')).toBeInTheDocument();
    expect(screen.getByText('Este resultado já foi validado ou rejeitado por outra pessoa.')).toBeInTheDocument();
  });
});
