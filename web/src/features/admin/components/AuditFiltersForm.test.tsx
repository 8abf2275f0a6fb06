import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@/test/app';
import { emptyAuditFilters } from '../api/audit-log';
import { AuditFiltersForm } from './AuditFiltersForm';

/** The page around the form: it builds a new filters object on every render, as the real one does. */
function Page({ onApply }: { onApply(): void }) {
  const [actor, setActor] = useState('');
  const [, setRenders] = useState(0);
  return (
    <>
      <AuditFiltersForm
        value={{ ...emptyAuditFilters, actor }}
        actions={['club.validated']}
        targetTypes={['club']}
        onApply={onApply}
        onClear={() => setActor('')}
      />
      <button onClick={() => setRenders((n) => n + 1)}>answer arrives</button>
      <button onClick={() => setActor('rui@example.pt')}>url changes</button>
    </>
  );
}

describe('system logs filters', () => {
  it('keep what the reader typed when the page re-renders with the same filters, and follow the URL when it changes', async () => {
    mockApi([]);
    const onApply = vi.fn();
    renderPage(<Page onApply={onApply} />);
    await userEvent.type(await screen.findByLabelText('Quem (email)'), 'ana@example.pt');
    await userEvent.click(screen.getByRole('button', { name: 'answer arrives' }));
    expect(screen.getByLabelText('Quem (email)')).toHaveValue('ana@example.pt');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    expect(onApply).toHaveBeenCalledWith(expect.objectContaining({ actor: 'ana@example.pt' }));
    await userEvent.click(screen.getByRole('button', { name: 'url changes' }));
    expect(screen.getByLabelText('Quem (email)')).toHaveValue('rui@example.pt');
  });

  it('clear what was typed but not applied', async () => {
    mockApi([]);
    renderPage(<Page onApply={() => {}} />);
    await userEvent.type(await screen.findByLabelText('Quem (email)'), 'ana@example.pt');
    await userEvent.click(screen.getByRole('button', { name: 'Limpar' }));
    expect(screen.getByLabelText('Quem (email)')).toHaveValue('');
  });
});
