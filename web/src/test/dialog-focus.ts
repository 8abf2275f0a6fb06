import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens the dialog named `name` with `opener`, closes it with Escape, then opens it again and
 * closes it with its close button ("Fechar"): each time focus is back on `opener` (WCAG 2.4.3).
 */
export async function expectFocusBackToOpener(user: UserEvent, opener: HTMLElement, name: string) {
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(opener));

  await user.click(opener);
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Fechar' }));
  await waitFor(() => expect(document.activeElement).toBe(opener));
}

/**
 * For the dialog named `name`, open from the start (from the URL: nothing on the page opened
 * it): closed with Escape, focus goes to what `target` finds (the page's own opener).
 */
export async function expectFocusOnCloseTo(user: UserEvent, name: string, target: () => HTMLElement) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(target()));
}
