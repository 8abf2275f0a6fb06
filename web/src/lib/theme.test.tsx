import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mockSystemDark } from '@/test/setup';
import { initialTheme, parseTheme } from './theme';
import { ThemeProvider, useTheme } from './ThemeProvider';

const root = document.documentElement;

function Probe() {
  const { theme, toggleTheme, setTheme } = useTheme();
  return (
    <>
      <span data-testid="theme">{theme}</span>
      <button onClick={toggleTheme}>toggle</button>
      <button onClick={() => setTheme('dark')}>dark</button>
    </>
  );
}

describe('parseTheme', () => {
  it.each([
    ['light', 'light'],
    ['dark', 'dark'],
    ['Dark', null],
    [' dark', null],
    ['system', null],
    ['', null],
    [null, null],
    [undefined, null],
  ])('accepts only exactly light or dark: %j → %j', (input, expected) => {
    expect(parseTheme(input)).toBe(expected);
  });
});

describe('initial theme', () => {
  it('uses the stored value when it is exactly light or dark', () => {
    mockSystemDark(true);
    localStorage.setItem('theme', 'light');
    expect(initialTheme()).toBe('light');
    mockSystemDark(false);
    localStorage.setItem('theme', 'dark');
    expect(initialTheme()).toBe('dark');
  });

  it('falls back to the system preference for anything else', () => {
    localStorage.setItem('theme', 'DARK');
    mockSystemDark(true);
    expect(initialTheme()).toBe('dark');
    mockSystemDark(false);
    expect(initialTheme()).toBe('light');
    localStorage.removeItem('theme');
    expect(initialTheme()).toBe('light');
  });
});

describe('ThemeProvider', () => {
  it('puts the dark class on <html> and does not store the system-derived start', () => {
    mockSystemDark(true);
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('theme')).toHaveTextContent('dark');
    expect(root).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBeNull();
  });

  it('toggle flips, stores every change and updates the class', async () => {
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <Probe />
      </ThemeProvider>,
    );
    expect(root).not.toHaveClass('dark');

    await user.click(screen.getByText('toggle'));
    expect(screen.getByTestId('theme')).toHaveTextContent('dark');
    expect(root).toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('dark');

    await user.click(screen.getByText('toggle'));
    expect(root).not.toHaveClass('dark');
    expect(localStorage.getItem('theme')).toBe('light');

    await user.click(screen.getByText('dark'));
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(root).toHaveClass('dark');
  });

  it('useTheme throws outside its provider', () => {
    // React logs the thrown error; keep the output quiet.
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useTheme())).toThrow('useTheme must be used within a ThemeProvider');
    spy.mockRestore();
  });
});

describe('public/theme-init.js (runs before the first paint)', () => {
  const script = readFileSync(join(__dirname, '../../public/theme-init.js'), 'utf8');
  const run = () => act(() => new Function(script)());

  it.each([
    ['dark', false, true],
    ['light', true, false],
    ['bogus', true, true],
    [null, false, false],
  ])('stored %j with system dark=%j → dark class %j', (stored, systemDark, expectDark) => {
    if (stored !== null) localStorage.setItem('theme', stored);
    mockSystemDark(systemDark);
    run();
    expect(root.classList.contains('dark')).toBe(expectDark);
  });

  it('sets <html lang> from the cached language', () => {
    localStorage.setItem('i18nextLng', 'en');
    run();
    expect(root.lang).toBe('en');
  });
});
