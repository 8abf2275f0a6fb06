import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Provider from 'oidc-provider';
import { prime, userMenuButton } from './ladder';

/**
 * Sign-in through an independent standard provider: the `oidc-provider` npm package with its
 * defaults (its own login and consent pages, PKCE, client_secret_basic). With those defaults it
 * puts email and names only in the userinfo answer, never in the ID token, so this also proves
 * the server reads userinfo. A separate ladder server runs outside development mode for it, on
 * its own port and SQLite directory; the suite's development-mode server is not involved.
 */
const BASE_PORT = Number(process.env.E2E_PORT ?? 18080);
const APP = `http://127.0.0.1:${BASE_PORT + 1}`;
const ISSUER = `http://127.0.0.1:${BASE_PORT + 2}`;
const CLIENT = { client_id: 'ladder-e2e', client_secret: 'e2e-client-secret-not-for-production' };

/** What findAccount was asked, by use ("id_token" or "userinfo"). */
const claimsAskedFor: string[] = [];

let op: Server;
let ladder: ChildProcess;
let ladderLog = '';
let dataDir: string;

function startProvider(): Promise<Server> {
  const provider = new Provider(ISSUER, {
    clients: [{ ...CLIENT, redirect_uris: [`${APP}/auth/callback`] }],
    cookies: { keys: ['e2e-cookie-key-0123456789abcdef'] },
    claims: { email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // The login name is the account: "ana" is ana@strict.test, Ana Estrita.
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims(use: string) {
          claimsAskedFor.push(use);
          const given = sub.charAt(0).toUpperCase() + sub.slice(1);
          return {
            sub,
            email: `${sub}@strict.test`,
            email_verified: true,
            given_name: given,
            family_name: 'Estrita',
            name: `${given} Estrita`,
          };
        },
      };
    },
  });
  const server = createServer(provider.callback());
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(BASE_PORT + 2, '127.0.0.1', () => resolve(server));
  });
}

async function startLadder(): Promise<ChildProcess> {
  dataDir = mkdtempSync(join(tmpdir(), 'ladder-e2e-oidc-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.LADDER_DEV; // production mode: a real provider, no development provider
  const child = spawn(process.env.LADDER_BIN!, ['serve'], {
    env: {
      ...env,
      LADDER_LISTEN: `127.0.0.1:${BASE_PORT + 1}`,
      LADDER_BASE_URL: APP,
      LADDER_DATA_DIR: dataDir,
      LADDER_DATABASE_URL: '',
      LADDER_OIDC_ISSUER: ISSUER,
      LADDER_OIDC_CLIENT_ID: CLIENT.client_id,
      LADDER_OIDC_CLIENT_SECRET: CLIENT.client_secret,
      LADDER_LOG_FORMAT: 'text',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    ladderLog += chunk.toString();
  });
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  await expect
    .poll(
      async () => {
        if (exited !== null) throw new Error(`ladder serve exited with ${exited}:\n${ladderLog}`);
        return fetch(`${APP}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 30_000 },
    )
    .toBe(200);
  return child;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  op = await startProvider();
  ladder = await startLadder();
});

test.afterAll(async () => {
  if (ladder && ladder.exitCode === null) {
    const stopped = new Promise((resolve) => ladder.once('exit', resolve));
    ladder.kill('SIGTERM');
    await stopped;
  }
  await new Promise((resolve) => (op ? op.close(resolve) : resolve(undefined)));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test.afterEach(async ({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) await testInfo.attach('ladder.log', { body: ladderLog });
});

/** The provider's pages load a web font from the internet: only loopback is reachable here. */
async function loopbackOnly(page: Page) {
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort(),
  );
}

async function toProviderLogin(page: Page) {
  await loopbackOnly(page);
  await prime(page, { onboarded: true });
  await page.goto(`${APP}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL((url) => url.origin === ISSUER);
}

test('signs in through oidc-provider with its login and consent pages; email and names come from userinfo', async ({
  page,
}) => {
  await toProviderLogin(page);
  await page.locator('input[name="login"]').fill('ana');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  // The consent page of the provider.
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.waitForURL((url) => url.origin === APP && url.pathname === '/');
  await expect(userMenuButton(page, 'Ana Estrita')).toBeVisible();
  const me = await page.request.get(`${APP}/api/users/me`);
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email: 'ana@strict.test', role: 'player', given_name: 'Ana' });
  expect(claimsAskedFor).toContain('userinfo');
});

test("cancelling at the provider's login page is shown as a cancellation", async ({ page }) => {
  await toProviderLogin(page);
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await page.waitForURL((url) => url.origin === APP && url.pathname === '/auth/callback');
  await expect(page.getByRole('alert')).toHaveText('O início de sessão foi cancelado no fornecedor de identidade.');
  await expect(page.getByTestId('provider-error')).toContainText('access_denied');
  await expect(page.getByText('Nenhum código fornecido')).toHaveCount(0);
  const me = await page.request.get(`${APP}/api/users/me`);
  expect(me.status()).toBe(401);
});
