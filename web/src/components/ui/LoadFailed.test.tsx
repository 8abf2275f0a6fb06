import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LoadFailed } from './LoadFailed';

describe('LoadFailed (spec §2 error state)', () => {
  it('is an alert with the title and a translated retry button', async () => {
    render(<LoadFailed title="Não foi possível carregar os torneios." onRetry={() => {}} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível carregar os torneios.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the detail line only when given', () => {
    const { container, rerender } = render(<LoadFailed title="Falhou" onRetry={() => {}} />);
    expect(container.querySelectorAll('p')).toHaveLength(1);
    rerender(<LoadFailed title="Falhou" detail="O servidor não respondeu." onRetry={() => {}} />);
    expect(container.querySelectorAll('p')).toHaveLength(2);
    expect(screen.getByText('O servidor não respondeu.')).toHaveClass('text-muted');
  });

  it('calls onRetry when the button is pressed', () => {
    const onRetry = vi.fn();
    render(<LoadFailed title="Falhou" onRetry={onRetry} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('adds the caller’s classes to the box', () => {
    render(<LoadFailed title="Falhou" onRetry={() => {}} className="mt-6" />);
    expect(screen.getByRole('alert')).toHaveClass('mt-6', 'rounded-2xl', 'text-center');
  });
});
