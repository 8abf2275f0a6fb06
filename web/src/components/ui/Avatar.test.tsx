import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Avatar, AVATAR_BADGE_COLORS, AVATAR_SIZES } from './Avatar';

describe('Avatar (spec §2)', () => {
  it('shows the photo with the name as alt text', () => {
    render(<Avatar photoUrl="https://example.pt/ana.jpg" name="Ana Silva" />);
    const img = screen.getByRole('img', { name: 'Ana Silva' });
    expect(img.tagName).toBe('IMG');
    expect(img).toHaveAttribute('src', 'https://example.pt/ana.jpg');
  });

  it("falls back to a translated 'player' alt text", async () => {
    const { rerender } = render(<Avatar photoUrl="https://example.pt/x.jpg" />);
    expect(screen.getByRole('img', { name: 'Jogador' })).toHaveAttribute('alt', 'Jogador');
    await act(() => i18n.changeLanguage('en'));
    rerender(<Avatar photoUrl="https://example.pt/x.jpg" name="  " />);
    expect(screen.getByRole('img', { name: 'Player' })).toHaveAttribute('alt', 'Player');
  });

  it('shows a generic person icon without a photo, and when the photo fails to load', () => {
    const { container, rerender } = render(<Avatar name="Ana" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('img', { name: 'Ana' })).toContainElement(screen.getByTestId('avatar-icon'));

    rerender(<Avatar name="Ana" photoUrl="https://example.pt/broken.jpg" />);
    fireEvent.error(container.querySelector('img')!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-icon')).toBeInTheDocument();
  });

  it.each([
    ['xs', 'h-6'],
    ['sm', 'h-8'],
    ['md', 'h-10'],
    ['lg', 'h-14'],
    ['xl', 'h-20'],
  ] as const)('size %s is %s', (size, height) => {
    const { container } = render(<Avatar name="Ana" size={size} />);
    expect(container.firstElementChild).toHaveAttribute('data-size', size);
    expect(screen.getByRole('img', { name: 'Ana' })).toHaveClass(height);
  });

  it('defaults to md and lists the five sizes', () => {
    const { container } = render(<Avatar />);
    expect(container.firstElementChild).toHaveAttribute('data-size', 'md');
    expect(AVATAR_SIZES).toEqual(['xs', 'sm', 'md', 'lg', 'xl']);
  });

  it('has no badge unless given a text; the badge is gray by default', () => {
    const { container, rerender } = render(<Avatar name="Ana" />);
    expect(container.querySelector('[data-color]')).toBeNull();
    rerender(<Avatar name="Ana" badgeText="Admin" />);
    const badge = screen.getByText('Admin');
    expect(badge).toHaveAttribute('data-color', 'gray');
    expect(badge).toHaveClass('bg-slate-600');
  });

  it.each([
    ['yellow', 'bg-yellow-300'],
    ['gray', 'bg-slate-600'],
    ['orange', 'bg-orange-700'],
    ['blue', 'bg-blue-700'],
    ['green', 'bg-green-700'],
    ['red', 'bg-red-700'],
  ] as const)('badge colour %s', (color, cls) => {
    render(<Avatar name="Ana" badgeText="Top" badgeColor={color} />);
    expect(screen.getByText('Top')).toHaveAttribute('data-color', color);
    expect(screen.getByText('Top')).toHaveClass(cls);
    expect(AVATAR_BADGE_COLORS).toContain(color);
  });
});
