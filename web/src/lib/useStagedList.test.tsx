import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedList } from './useStagedList';

function List({ items }: { items: number[] }) {
  const drawn = useStagedList(items, 2);
  return (
    <ul>
      {drawn.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

describe('useStagedList', () => {
  it('draws the first items at once and the rest a task after the next paint', async () => {
    const { rerender } = render(<List items={[]} />);
    rerender(<List items={[1, 2, 3, 4, 5]} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await screen.findByText('5');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    // Once drawn whole, a longer answer is drawn whole at once.
    rerender(<List items={[1, 2, 3, 4, 5, 6, 7]} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(7);
  });

  it('draws a list that is there when it mounts (from the cache) whole, for the scroll position', () => {
    render(<List items={[1, 2, 3, 4, 5]} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('draws a short list whole', () => {
    render(<List items={[1, 2]} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });
});
