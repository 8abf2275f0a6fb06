import { expect, test } from '@playwright/test';

// The suite runs twice (scripts/test-e2e.sh): make sure each run really is on the database it
// claims, so "passes on both databases" means what it says.
test('the server runs on the database this run is for', async ({ request }) => {
  const res = await request.get('/readyz');
  expect(res.ok()).toBeTruthy();
  const body = await res.json();
  expect(body.database).toBe(process.env.LADDER_DATABASE_URL ? 'postgres' : 'sqlite');
});
