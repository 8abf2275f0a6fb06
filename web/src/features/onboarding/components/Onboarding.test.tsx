import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { fakeSessionStore, makeUser, renderWithSession } from '@/test/session';
import { NO_PROGRESS, ONBOARDING_STORAGE_KEY } from '../flag';
import { OnboardingGate } from './OnboardingGate';
import OnboardingGuide from './OnboardingGuide';

const TITLES = [
  'Bem-vindo ao Tennis Ladder!',
  'Complete o seu perfil',
  'Defina a sua disponibilidade',
  'Entre em torneios',
  'Crie desafios',
  'Ganhe conquistas',
];

function renderGuide(progress = NO_PROGRESS) {
  const onDone = vi.fn();
  render(<OnboardingGuide progress={progress} onDone={onDone} />);
  return { onDone, user: userEvent.setup() };
}

describe('OnboardingGuide (spec §2)', () => {
  it('walks the six steps with a progress count, previous and next, and ends on Concluir', async () => {
    const { user, onDone } = renderGuide();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(TITLES[0]);
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('Passo 1 de 6');
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    for (let i = 1; i < 6; i++) {
      await user.click(screen.getByRole('button', { name: 'Seguinte' }));
      expect(screen.getByRole('dialog')).toHaveAccessibleName(TITLES[i]);
      expect(screen.getByTestId('onboarding-progress')).toHaveTextContent(`Passo ${i + 1} de 6`);
    }
    expect(screen.queryByRole('button', { name: 'Seguinte' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Anterior' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName(TITLES[4]);
    await user.click(screen.getByRole('button', { name: 'Seguinte' }));

    expect(localStorage.getItem(ONBOARDING_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(localStorage.getItem(ONBOARDING_STORAGE_KEY)).not.toBeNull();
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('the final button reads Finish in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    const { user } = renderGuide();
    for (let i = 1; i < 6; i++) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('onboarding-progress')).toHaveTextContent('Step 6 of 6');
    expect(screen.getByRole('button', { name: 'Finish' })).toBeVisible();
  });

  it.each([
    ['the close button', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Fechar' }))],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
  ])('closing with %s stores the flag', async (_, close) => {
    const { user, onDone } = renderGuide();
    await user.click(screen.getByRole('button', { name: 'Seguinte' }));
    await close(user);
    expect(localStorage.getItem(ONBOARDING_STORAGE_KEY)).not.toBeNull();
    expect(onDone).toHaveBeenCalled();
  });

  it('all steps show as not done with the flags of spec §2; a done step would say so', async () => {
    const { user } = renderGuide();
    for (let i = 1; i < 6; i++) {
      expect(screen.queryByText('Concluído')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Seguinte' }));
    }
    expect(Object.values(NO_PROGRESS)).toEqual([false, false, false, false]);
  });

  it('marks a step done when its flag is true', async () => {
    const { user } = renderGuide({ ...NO_PROGRESS, profileComplete: true });
    await user.click(screen.getByRole('button', { name: 'Seguinte' }));
    expect(screen.getByText('Concluído')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Seguinte' }));
    expect(screen.queryByText('Concluído')).toBeNull();
  });
});

describe('OnboardingGate', () => {
  it('shows the guide to a signed-in user without the flag, once', async () => {
    const user = userEvent.setup();
    renderWithSession(<OnboardingGate />, fakeSessionStore({ user: makeUser() }));
    expect(await screen.findByRole('dialog', { name: TITLES[0] })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(ONBOARDING_STORAGE_KEY)).not.toBeNull();
  });

  // The gate decides synchronously; only the guide's code loads lazily. Once that code has loaded
  // (beforeEach), a gate that decides to show renders the dialog within render() itself, so "not
  // shown" is asserted right after render, with no waiting, and each test shows the same render
  // would have had the dialog with the decision turned (the control).
  beforeEach(async () => {
    const { unmount } = renderWithSession(<OnboardingGate />, fakeSessionStore({ user: makeUser() }));
    await screen.findByRole('dialog', { name: TITLES[0] });
    unmount();
    localStorage.clear();
  });

  it('is not shown when the flag is set', () => {
    localStorage.setItem(ONBOARDING_STORAGE_KEY, 'true');
    const store = fakeSessionStore({ user: makeUser() });
    const { rerender } = renderWithSession(<OnboardingGate />, store);
    expect(screen.queryByRole('dialog')).toBeNull();
    localStorage.removeItem(ONBOARDING_STORAGE_KEY);
    rerender(<OnboardingGate key="again" />);
    expect(screen.getByRole('dialog', { name: TITLES[0] })).toBeVisible();
  });

  it('is not shown to visitors, nor while the session is loading', () => {
    const store = fakeSessionStore({ user: null, initialLoading: true });
    renderWithSession(<OnboardingGate />, store);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => store.setState({ user: makeUser() }));
    expect(screen.queryByRole('dialog')).toBeNull(); // still loading
    act(() => store.setState({ user: null, initialLoading: false }));
    expect(screen.queryByRole('dialog')).toBeNull(); // a visitor
    act(() => store.setState({ user: makeUser() }));
    expect(screen.getByRole('dialog', { name: TITLES[0] })).toBeVisible();
  });
});
