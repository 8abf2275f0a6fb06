import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Slot } from '@/lib/availability';
import { mockApi, ok, renderPage } from '@/test/app';
import { jsonResponse } from '@/test/session';
import { AvailabilityEditor } from './AvailabilityEditor';

afterEach(() => vi.unstubAllGlobals());

function setup(slots: Slot[] = [], answer?: (r: Request) => Response | Promise<Response>) {
  const api = mockApi([
    ['PUT', '/api/profile/availability', answer ?? (async (r) => ok({ slots: ((await r.json()) as { slots: Slot[] }).slots }))],
  ]);
  const onSaved = vi.fn();
  const onDirtyChange = vi.fn();
  renderPage(<AvailabilityEditor slots={slots} timezone="Europe/Lisbon" onSaved={onSaved} onDirtyChange={onDirtyChange} />);
  return { ...api, onSaved, onDirtyChange, user: userEvent.setup() };
}

const day = (name: string) => screen.getByRole('group', { name });
const set = (name: string, value: string) => fireEvent.input(screen.getByLabelText(name), { target: { value } });
const save = () => screen.getByRole('button', { name: 'Guardar disponibilidade' });

describe('AvailabilityEditor', () => {
  it('lists Monday to Sunday with the saved ranges and the timezone', () => {
    setup([{ weekday: 6, start_minute: 540, end_minute: 750 }]);
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-labelledby') && within(g).getByRole('heading').textContent)).toEqual([
      'Segunda-feira',
      'Terça-feira',
      'Quarta-feira',
      'Quinta-feira',
      'Sexta-feira',
      'Sábado',
      'Domingo',
    ]);
    expect(screen.getByLabelText('Sábado intervalo 1 Das')).toHaveValue('09:00');
    expect(screen.getByLabelText('Sábado intervalo 1 Às')).toHaveValue('12:30');
    expect(within(day('Segunda-feira')).getByText('Indisponível')).toBeInTheDocument();
    expect(screen.getByText('Horários em Europe/Lisbon.')).toBeInTheDocument();
  });

  it('adds ranges after the last one with focus on the new start, removes them, and tracks changes', async () => {
    const { user, onDirtyChange } = setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar horário a Segunda-feira' }));
    expect(screen.getByLabelText('Segunda-feira intervalo 1 Das')).toHaveValue('18:00');
    expect(screen.getByLabelText('Segunda-feira intervalo 1 Às')).toHaveValue('20:00');
    expect(screen.getByLabelText('Segunda-feira intervalo 1 Das')).toHaveFocus();
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);

    await user.click(screen.getByRole('button', { name: 'Adicionar horário a Segunda-feira' }));
    expect(screen.getByLabelText('Segunda-feira intervalo 2 Das')).toHaveValue('20:00');
    expect(screen.getByLabelText('Segunda-feira intervalo 2 Às')).toHaveValue('22:00');

    await user.click(screen.getByRole('button', { name: 'Remover o intervalo 1 de Segunda-feira' }));
    expect(within(day('Segunda-feira')).getAllByTestId('range')).toHaveLength(1);
    expect(screen.getByLabelText('Segunda-feira intervalo 1 Das')).toHaveValue('20:00');
    expect(screen.getByRole('button', { name: 'Adicionar horário a Segunda-feira' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remover o intervalo 1 de Segunda-feira' }));
    expect(onDirtyChange).toHaveBeenLastCalledWith(false);
  });

  it('allows at most 8 ranges a day', async () => {
    const slots = Array.from({ length: 8 }, (_, i) => ({ weekday: 2, start_minute: i * 60, end_minute: i * 60 + 30 }));
    setup(slots);
    expect(screen.getByRole('button', { name: 'Adicionar horário a Terça-feira' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Adicionar horário a Quarta-feira' })).toBeEnabled();
  });

  it('says what is wrong (end before start, overlap) and does not send until it is fixed', async () => {
    const { user, to } = setup();
    await user.click(screen.getByRole('button', { name: 'Adicionar horário a Segunda-feira' }));
    set('Segunda-feira intervalo 1 Às', '17:00');
    const start = screen.getByLabelText('Segunda-feira intervalo 1 Das');
    expect(start).toHaveAccessibleDescription('A hora de fim tem de ser depois da hora de início.');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    set('Segunda-feira intervalo 1 Às', '21:00');
    expect(start).not.toHaveAttribute('aria-invalid');

    await user.click(screen.getByRole('button', { name: 'Adicionar horário a Segunda-feira' }));
    set('Segunda-feira intervalo 2 Das', '20:30');
    expect(screen.getByLabelText('Segunda-feira intervalo 2 Das')).toHaveAccessibleDescription('Este intervalo sobrepõe-se a outro no mesmo dia.');

    // An emptied time only complains once saving is tried.
    set('Segunda-feira intervalo 2 Das', '');
    expect(screen.getByLabelText('Segunda-feira intervalo 2 Das')).not.toHaveAttribute('aria-invalid');
    await user.click(save());
    expect(screen.getByLabelText('Segunda-feira intervalo 2 Das')).toHaveAccessibleDescription('Indique as duas horas.');
    expect(to('PUT', '/api/profile/availability')).toHaveLength(0);
  });

  it('saves the week as minutes (Monday = 1, 00:00 end = 1440) and reports success', async () => {
    const { user, to, onSaved } = setup([{ weekday: 7, start_minute: 600, end_minute: 780 }]);
    await user.click(screen.getByRole('button', { name: 'Adicionar horário a Segunda-feira' }));
    set('Segunda-feira intervalo 1 Das', '22:00');
    set('Segunda-feira intervalo 1 Às', '00:00');
    await user.click(save());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(await to('PUT', '/api/profile/availability')[0].json()).toEqual({
      slots: [
        { weekday: 1, start_minute: 1320, end_minute: 1440 },
        { weekday: 7, start_minute: 600, end_minute: 780 },
      ],
    });
    expect(await screen.findByText('Disponibilidade guardada.')).toBeInTheDocument();
  });

  it("puts the server's per-range messages under the range they are about", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = setup(
      [
        { weekday: 1, start_minute: 600, end_minute: 660 },
        { weekday: 3, start_minute: 600, end_minute: 660 },
      ],
      () =>
        jsonResponse(422, {
          message: 'Alguns campos não estão corretos.',
          errors: [{ location: 'body.slots[1]', message: 'Mensagem do servidor.', code: 'availability.range' }],
        }),
    );
    await user.click(save());
    await waitFor(() => expect(screen.getByLabelText('Quarta-feira intervalo 1 Das')).toHaveAccessibleDescription('Mensagem do servidor.'));
    expect(screen.getByLabelText('Segunda-feira intervalo 1 Das')).not.toHaveAttribute('aria-invalid');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Erro ao atualizar perfil');
    expect(toast).toHaveTextContent('Alguns campos não estão corretos.');
  });
});
