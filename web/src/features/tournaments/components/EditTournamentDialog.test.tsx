import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISTRICTS, mockApi, ok, renderPage } from '@/test/app';
import { TOURNAMENT } from '../fixtures';
import { EditTournamentDialog } from './EditTournamentDialog';

afterEach(() => vi.unstubAllGlobals());

describe('edit dialog', () => {
  it('is prefilled, saves with PUT and refreshes the lists and the tournament', async () => {
    const invalidate = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    const { to } = mockApi([
      ['GET', '/api/geo/districts', () => ok(DISTRICTS)],
      // the tournament's club is not among the loaded ones: it still shows as chosen
      ['GET', '/api/clubs', () => ok({ items: [] })],
      ['PUT', '/api/tournaments/4', () => ok(TOURNAMENT)],
    ]);
    const onOpenChange = vi.fn();
    renderPage(<EditTournamentDialog tournament={TOURNAMENT} open onOpenChange={onOpenChange} />);
    expect(await screen.findByRole('dialog', { name: 'Editar torneio' })).toBeInTheDocument();
    expect(screen.getByLabelText('Nome')).toHaveValue('Escada da Primavera');
    expect(screen.getByRole('radio', { name: 'Privado' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Personalizado' })).toBeChecked();
    expect(screen.getByLabelText('Vitória contra melhor classificado')).toHaveValue(6);
    expect(screen.getByLabelText('Data de fim')).toHaveValue('2027-06-30');
    expect(await screen.findByRole('option', { name: 'Clube de Ténis da Foz', selected: true })).toBeInTheDocument();
    // playing is decided when creating only
    expect(screen.queryByRole('checkbox', { name: 'Vou jogar neste torneio' })).toBeNull();
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Máximo de participantes'));
    await user.type(screen.getByLabelText('Máximo de participantes'), '24');
    await user.click(screen.getByRole('button', { name: 'Guardar alterações' }));
    expect(await screen.findByText('Torneio atualizado.')).toBeInTheDocument();
    expect(await to('PUT', '/api/tournaments/4')[0].json()).toMatchObject({ name: 'Escada da Primavera', max_participants: 24, club_id: 2, scoring: { win_vs_higher: 6 } });
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tournaments'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['tournament', 4] });
  });
});
