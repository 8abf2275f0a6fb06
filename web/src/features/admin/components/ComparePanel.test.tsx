import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonName } from '@/components/PersonName';
import { mockApi, renderPage } from '@/test/app';
import type { PanelPlayer } from '../api/players-panel';
import { ComparePanel } from './ComparePanel';

const player = (id: number, display_name: string, s: Partial<PanelPlayer>): PanelPlayer => ({
  id,
  display_name,
  email: `${id}@example.pt`,
  photo_url: '',
  status: 'active',
  role: 'player',
  matches: 0,
  wins: 0,
  losses: 0,
  win_rate: 0,
  points: 0,
  tournaments: 0,
  best_position: 0,
  ...s,
});

describe('comparison panel', () => {
  it('puts the players side by side and marks the best of each row', async () => {
    mockApi([]);
    renderPage(
      <ComparePanel
        players={[
          player(1, 'Ana Silva', { matches: 10, wins: 7, losses: 3, win_rate: 70, points: 12, best_position: 2 }),
          player(2, 'Rui Sousa', { matches: 12, wins: 5, losses: 7, win_rate: 42, points: 4, best_position: 1 }),
        ]}
        onRemove={() => {}}
        onClear={() => {}}
      />,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(2);
    const best = (row: string) => within(screen.getByRole('row', { name: new RegExp(`^${row}`) })).getByText('(Melhor)').parentElement?.textContent;
    expect(best('Vitórias')).toBe('7 (Melhor)');
    expect(best('Jogos')).toBe('12 (Melhor)');
    expect(best('Derrotas')).toBe('3 (Melhor)'); // fewer is better
    expect(best('Melhor posição')).toBe('1.º (Melhor)'); // a lower place is better
    expect(screen.getByText('2 de 4 selecionados')).toBeInTheDocument();
  });

  it('has an empty state', async () => {
    mockApi([]);
    renderPage(<ComparePanel players={[]} onRemove={() => {}} onClear={() => {}} />);
    expect(await screen.findByText('Selecione jogadores na lista para os comparar aqui.')).toBeInTheDocument();
  });
});

describe('a deleted person', () => {
  it('shows the translated label without a link; a live one links to their page', async () => {
    mockApi([]);
    renderPage(
      <p>
        <PersonName person={{ id: 3, display_name: '', deleted: true }} />
        <PersonName person={{ id: 4, display_name: 'Ana Silva' }} />
      </p>,
    );
    expect(await screen.findByText('Jogador eliminado')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jogador eliminado' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Ana Silva' })).toHaveAttribute('href', '/players/4');
  });
});
