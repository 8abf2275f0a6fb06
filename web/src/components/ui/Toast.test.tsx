import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider, useToast } from './Toast';

function Raise() {
  const toast = useToast();
  return <button onClick={() => toast.success('Guardado', 'Tudo certo')}>raise</button>;
}

describe('ToastProvider', () => {
  it('shows a toast top right and removes it after 5000 + 300 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Raise />
      </ToastProvider>,
    );
    act(() => screen.getByText('raise').click());
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Guardado');
    expect(toast).toHaveAttribute('data-variant', 'success');
    expect(screen.getByRole('region', { name: 'Notificações' })).toHaveClass('top-4', 'right-4');

    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status')).toHaveClass('opacity-0'); // leaving
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes on its close button', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <Raise />
      </ToastProvider>,
    );
    act(() => screen.getByText('raise').click());
    act(() => screen.getByRole('button', { name: 'Fechar' }).click());
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('useToast throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Raise />)).toThrow('useToast must be used within a ToastProvider');
  });
});
