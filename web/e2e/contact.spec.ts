import { expect, test } from '@playwright/test';
import { storedContacts } from './ladder';

for (const [type, button, title] of [
  ['support', 'Suporte técnico', 'Suporte técnico'],
  ['contact', 'Contactar o desenvolvedor', 'Contactar o desenvolvedor'],
] as const) {
  test(`the footer "${button}" form sends and the server stores the message`, async ({ page }) => {
    const subject = `e2e ${type} ${Date.now()}`;
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('button', { name: button }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();

    await dialog.getByLabel('Nome').fill('Ana Teste');
    await dialog.getByLabel('Email').fill('ana@example.pt');
    await dialog.getByLabel('Assunto').fill(subject);
    await dialog.getByLabel('Mensagem').fill('Mensagem de teste ponta a ponta.');
    await dialog.getByRole('button', { name: 'Enviar mensagem' }).click();

    await expect(dialog.getByText('Mensagem enviada!')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 }); // auto-closes after 2 s

    const stored = storedContacts().find((c) => c.subject === subject);
    expect(stored).toMatchObject({ name: 'Ana Teste', email: 'ana@example.pt', type, message: 'Mensagem de teste ponta a ponta.' });
  });
}

test('an invalid email is refused by the browser before sending', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Suporte técnico' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill('Ana');
  await dialog.getByLabel('Email').fill('not-an-email');
  await dialog.getByLabel('Assunto').fill('x');
  await dialog.getByLabel('Mensagem').fill('y');
  await dialog.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(dialog.getByText('Mensagem enviada!')).toHaveCount(0);
  expect(await dialog.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
});
