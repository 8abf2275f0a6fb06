import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { expect, type ConsoleMessage, type Frame, type Page, type WebSocket } from '@playwright/test';

export interface StoredContact {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  type: 'contact' | 'support';
  created_at: string;
}

/** What the server stored: `ladder contacts --json` on the same data directory as the server. */
export function storedContacts(): StoredContact[] {
  const out = execFileSync(process.env.LADDER_BIN!, ['contacts', '--json'], {
    env: { ...process.env, LADDER_DATA_DIR: process.env.LADDER_E2E_DATA_DIR },
    encoding: 'utf8',
  });
  return JSON.parse(out) as StoredContact[];
}

export type ThemeName = 'light' | 'dark';
export type Lang = 'pt' | 'en';

/**
 * Sets the stored language and theme before any page script runs; `onboarded` sets the
 * has-seen-onboarding flag so the onboarding guide stays out of the way.
 */
export async function prime(page: Page, { lang, theme, onboarded }: { lang?: Lang; theme?: ThemeName; onboarded?: boolean }) {
  await page.addInitScript(
    ([l, t, o]) => {
      if (l) localStorage.setItem('i18nextLng', l);
      if (t) localStorage.setItem('theme', t);
      if (o) localStorage.setItem('has-seen-onboarding', 'true');
    },
    [lang, theme, onboarded] as const,
  );
}

/** Demo accounts of `ladder seed --demo` (the e2e server seeds before serving). */
export const ACCOUNTS = {
  root: { email: 'root@ladder.test', name: 'Rita Oliveira' },
  superadmin: { email: 'superadmin@ladder.test', name: 'Sofia Martins' },
  admin: { email: 'admin@ladder.test', name: 'André Costa' },
  player: { email: 'player@ladder.test', name: 'Pedro Santos' },
} as const;

/** The avatar button of the signed-in user, in either language (also behind a modal dialog). */
export const userMenuButton = (page: Page, name: string) =>
  page.getByRole('button', { name: new RegExp(`(Menu da conta|Account menu): ${name}`), includeHidden: true });

/**
 * Signs in through the real flow with a login hint: the app's redirect URL, the development
 * identity provider (which signs the hinted account in at once), /auth/callback and its code
 * exchange, then home.
 */
export async function signIn(page: Page, account: { email: string; name: string }) {
  if (page.url() === 'about:blank') await page.goto('/about');
  const redirectUrl = await page.evaluate(async (email) => {
    const res = await fetch(`/api/oauth/google/redirect_url?login_hint=${encodeURIComponent(email)}`);
    return ((await res.json()) as { redirectUrl: string }).redirectUrl;
  }, account.email);
  await page.goto(redirectUrl);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(userMenuButton(page, account.name)).toBeVisible();
}

/** Visitors' GET /api/users/me answers 401, and Chromium logs every failed request as an error. */
export function isExpectedConsoleError(msg: ConsoleMessage) {
  return msg.location().url.endsWith('/api/users/me') && msg.text().includes('401');
}

/**
 * Axe violations, compactly; the viewport lock of SPEC §1 is what axe flags as meta-viewport.
 * Finite animations (a popup's or a toast's fade-in) end first: mid-fade, text is measured
 * against a half-transparent card and fails contrast it has once shown.
 */
/**
 * The footer comes once the page is idle (AppShell's FooterWhenIdle): checks and pictures of a page
 * in the shell wait for it (the root error screen has no shell).
 */
async function footerDrawn(page: Page) {
  // By CSS, not by role: an open modal dialog hides the rest of the page from roles.
  if ((await page.locator('#main').count()) > 0) await page.locator('#main ~ footer').waitFor({ state: 'attached' });
}

export async function axe(page: Page) {
  await footerDrawn(page);
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]),
  );
  // Legacy mode runs axe in the page itself. The default opens a new tab (a new renderer process)
  // for every analysis to merge the frames' results, which only cross-origin frames need; the app
  // has no frames at all. That tab cost the axe-heavy specs a quarter of their time (issue 16: CI).
  const results = await new AxeBuilder({ page }).setLegacyMode().disableRules(['meta-viewport']).analyze();
  return results.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

/**
 * Screenshots are for a person to look at, and nobody looks at CI's: there they are skipped (full
 * pages cost the suites minutes of a 2-core machine). E2E_SCREENSHOTS=0 skips them anywhere, any
 * other value takes them under CI too.
 */
const takeScreenshots = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS !== '0' : !process.env.CI;

/** A screenshot (Playwright's options) unless screenshots are skipped. */
export async function capture(page: Page, options: Parameters<Page['screenshot']>[0]) {
  if (takeScreenshots) await page.screenshot(options);
}

/** Full-page screenshot into e2e/.screenshots/ (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  await footerDrawn(page);
  mkdirSync('e2e/.screenshots', { recursive: true });
  await capture(page, { path: `e2e/.screenshots/${name}.png`, fullPage: true, animations: 'disabled' });
}

/**
 * Test details for one look (language, theme, width) of a page or flow. The first look of each
 * runs on both databases; the others — the database does not change how a page looks — run on one
 * of them, alternately (@look-sqlite, @look-postgres: scripts/test-e2e.sh leaves out the other
 * database's tag), which keeps the two suites about the same length when they run side by side.
 * The alternation counts per spec file (found from the caller's stack), so it is the same however
 * many files a process loads and in what order.
 */
export function look(first: boolean): { tag?: string } {
  if (first) return {};
  const caller = (new Error().stack ?? '').split('\n')[2] ?? '';
  const file = /([^/\\()]+\.spec\.ts)/.exec(caller)?.[1] ?? caller;
  const n = (looksPerFile.get(file) ?? 0) + 1;
  looksPerFile.set(file, n);
  // Files start on either side (by their name's length), so the odd looks out even up.
  return { tag: (n + file.length) % 2 === 1 ? '@look-sqlite' : '@look-postgres' };
}
const looksPerFile = new Map<string, number>();

/** A new account, created at its first sign-in (the development provider accepts any address). */
export function freshAccount(prefix: string) {
  const local = `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  return { email: `${local}@example.test`, name: local };
}

/** The signed-in account's id, as the server knows it. */
/**
 * Resolves once the live socket (/api/ws) of the page the next navigation loads is greeted by the
 * server: events published from then on reach it. Call before that navigation. Only sockets the
 * new document opens count — the page being left may still have its own greeted, and the new
 * page opens its socket with the signed-in shell, after its first data. The frame listener is
 * attached in the socket's own event handler: attached a promise later, it could miss a greeting
 * that came in the same batch of protocol messages.
 */
export function liveGreeting(page: Page): Promise<void> {
  return new Promise<void>((resolve) => {
    let navigated = false;
    const onNavigated = (frame: Frame) => {
      if (frame === page.mainFrame()) navigated = true;
    };
    const onSocket = (ws: WebSocket) => {
      if (!navigated || !ws.url().endsWith('/api/ws')) return;
      ws.on('framereceived', (f) => {
        if (!String(f.payload).includes('"hello"')) return;
        page.off('websocket', onSocket);
        page.off('framenavigated', onNavigated);
        resolve();
      });
    };
    page.on('framenavigated', onNavigated);
    page.on('websocket', onSocket);
  });
}

export async function myId(page: Page): Promise<number> {
  const res = await page.request.get('/api/users/me');
  return ((await res.json()) as { id: number }).id;
}

/** A solid-colour w×h PNG (RGB, no compression tricks), for upload tests. */
export function makePng(width: number, height: number, [r, g, b]: [number, number, number] = [4, 120, 87]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
