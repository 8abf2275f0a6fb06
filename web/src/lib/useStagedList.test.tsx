import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useStagedList } from './useStagedList';

function List({ items, step, drawnCounts }: { items: number[]; step?: number; drawnCounts?: number[] }) {
  const drawn = useStagedList(items, 2, step);
  drawnCounts?.push(drawn.length);
  return (
    <ul>
      {drawn.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}

const count = () => screen.queryAllByRole('listitem').length;

describe('useStagedList', () => {
  it('draws the first items at once and the rest a task after the next paint', async () => {
    const { rerender } = render(<List items={[]} />);
    rerender(<List items={[1, 2, 3, 4, 5]} />);
    expect(count()).toBe(2);
    await screen.findByText('5');
    expect(count()).toBe(5);
    // Once drawn whole, a longer answer is drawn whole at once.
    rerender(<List items={[1, 2, 3, 4, 5, 6, 7]} />);
    expect(count()).toBe(7);
  });

  it('draws the rest a step per task, never skipping one', async () => {
    const drawnCounts: number[] = [];
    const { rerender } = render(<List items={[]} step={3} drawnCounts={drawnCounts} />);
    rerender(<List items={[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]} step={3} drawnCounts={drawnCounts} />);
    await screen.findByText('10');
    expect(count()).toBe(10);
    // Every render's length, repeats aside: each step drawn in turn.
    expect(drawnCounts.filter((n, i) => n !== drawnCounts[i - 1])).toEqual([0, 2, 5, 8, 10]);
  });

  it('draws a list that is there when it mounts (from the cache) whole, for the scroll position', () => {
    render(<List items={[1, 2, 3, 4, 5]} />);
    expect(count()).toBe(5);
  });

  it('draws a short list whole', () => {
    render(<List items={[1, 2]} />);
    expect(count()).toBe(2);
  });

  it('draws every answer whole once a short one was drawn', async () => {
    const drawnCounts: number[] = [];
    const { rerender } = render(<List items={[]} drawnCounts={drawnCounts} />);
    rerender(<List items={[1]} drawnCounts={drawnCounts} />);
    // The effect that marks the list drawn runs after the render; wait for its render.
    await vi.waitFor(() => expect(drawnCounts.length).toBeGreaterThanOrEqual(3));
    rerender(<List items={[1, 2, 3, 4, 5]} drawnCounts={drawnCounts} />);
    expect(count()).toBe(5);
  });

  it('keeps staging an answer that grows meanwhile (load more) up to its end', async () => {
    const { rerender } = render(<List items={[]} step={3} />);
    rerender(<List items={[1, 2, 3, 4, 5]} step={3} />);
    expect(count()).toBe(2);
    rerender(<List items={[1, 2, 3, 4, 5, 6, 7, 8, 9]} step={3} />);
    await screen.findByText('9');
    expect(count()).toBe(9);
  });
});
