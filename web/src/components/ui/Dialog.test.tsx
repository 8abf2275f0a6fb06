import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Dialog, DialogContent } from './Dialog';

/** A dialog opened from state (no Radix Trigger) and unmounted on close, as the `?create=true` pages do. */
function Page({ keepOpener = true }: { keepOpener?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {(keepOpener || !open) && <button onClick={() => setOpen(true)}>abrir</button>}
      <button>outro</button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent title="Diálogo">
            <input aria-label="campo" />
          </DialogContent>
        </Dialog>
      )}
    </>
  );
}

/** A page whose dialog is open from the start, as one opened from the URL; ownOpener: the page names its create button as returnFocus. */
function UrlPage({ ownOpener = false }: { ownOpener?: boolean }) {
  const [open, setOpen] = useState(true);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <main>
      <h1>Página</h1>
      <button ref={button}>criar</button>
      {open && (
        <Dialog open onOpenChange={setOpen}>
          <DialogContent title="Diálogo" returnFocus={ownOpener ? () => button.current : undefined}>
            <input aria-label="campo" />
          </DialogContent>
        </Dialog>
      )}
    </main>
  );
}

describe('DialogContent focus return (WCAG 2.4.3)', () => {
  it('gives focus back to the element that opened it, after Escape or the close button', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'abrir' });
    await user.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Diálogo' })).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('leaves focus alone when the opener is gone and the page has no heading or main', async () => {
    const user = userEvent.setup();
    render(<Page keepOpener={false} />);
    await user.click(screen.getByRole('button', { name: 'abrir' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A macrotask queued after Radix's own setTimeout(0) that returns focus runs after it.
    await new Promise((r) => setTimeout(r, 0));
    expect(document.activeElement).toBe(document.body);
  });

  it('with no opener (opened from the URL), focuses the page heading, made focusable', async () => {
    const user = userEvent.setup();
    render(<UrlPage />);
    expect(await screen.findByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    const heading = screen.getByRole('heading', { level: 1, name: 'Página' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('with no opener, prefers the page’s own opener given as returnFocus', async () => {
    const user = userEvent.setup();
    render(<UrlPage ownOpener />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'criar' })));
  });
});
