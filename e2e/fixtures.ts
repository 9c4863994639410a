import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Order } from '@toolsify/shared/orders';
import type { Tool, ToolPage } from '@toolsify/shared/tools';
import { ADMIN_EMAIL, baseURL, outboxDir } from './env.ts';

export { expect };

export interface Account {
  name: string;
  email: string;
  password: string;
}

let n = 0;
export function newAccount(prefix = 'buyer'): Account {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return { name: `Test ${prefix} ${n}`, email: `${prefix}-${id}@example.com`, password: 'secret-pass-1' };
}

export function adminAccount(): Account {
  return { name: 'Store Admin', email: ADMIN_EMAIL, password: 'admin-pass-1' };
}

/**
 * Signs the page's browser context in through the API (fast; the sign-up UI has its own
 * specs). Creates the account on first use; the admin address is an admin by ADMIN_EMAILS once
 * it is verified, so its first sign-up follows the emailed link and signs in again.
 */
export async function signIn(page: Page, account: Account): Promise<void> {
  await signInRequest(page.request, account);
}

export async function signInRequest(request: APIRequestContext, account: Account): Promise<void> {
  const headers = { origin: baseURL };
  const signInRes = await request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
  if (signInRes.ok()) return;
  const signUpRes = await request.post('/api/auth/sign-up/email', { data: account, headers });
  if (!signUpRes.ok()) throw new Error(`sign-up failed: ${signUpRes.status()} ${await signUpRes.text()}`);
  if (account.email !== ADMIN_EMAIL) return;
  await request.get(await verificationLink(account.email), { maxRedirects: 0 });
  const again = await request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password }, headers });
  if (!again.ok()) throw new Error(`sign-in after verification failed: ${again.status()} ${await again.text()}`);
}

/** The verification link emailed to `to` (mail goes out just after the answer: wait for it). */
export async function verificationLink(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(() => (link = latestMail(to)?.links.find((l) => l.includes('/api/auth/verify-email'))), { timeout: 10_000 })
    .toBeTruthy();
  return link!;
}

/** The newest email written to the outbox for `to` (the e2e server has no SMTP). */
export function latestMail(to: string): { subject: string; body: string; links: string[] } | null {
  let files: string[];
  try {
    files = readdirSync(outboxDir).filter((f) => f.endsWith('.eml') && f.includes(to.replace(/[^\w.@-]/g, '_')));
  } catch {
    return null;
  }
  const latest = files.sort().at(-1);
  if (!latest) return null;
  const raw = readFileSync(path.join(outboxDir, latest), 'utf8');
  // Undo quoted-printable soft breaks and escapes so links read whole.
  const body = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
  const links = [...new Set(body.match(/https?:\/\/[^\s"<>]+/g) ?? [])];
  return { subject, body, links };
}

/**
 * The home page comes with its first screen in the HTML and starts its app once that has painted
 * (docs/decisions/017); until then a link is a plain link and a button does nothing. A spec acts
 * as a person does a moment later: `page.goto` returns once the app is running (it has taken the
 * page's data script, just before it takes over the markup), on pages with no first screen at once.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await page.waitForFunction(
        () => !document.querySelector('script[src="/start-after-paint.js"]') || !document.getElementById('toolsify-data'),
      );
      return response;
    };
    await provide(page);
  },
});

let ownTools = 0;

/**
 * A tool of a spec's own, added through the API by `admin` (a request context signed in as the
 * admin), with a SKU no other tool has: its stock is only that spec's to move.
 */
export async function addOwnTool(
  admin: APIRequestContext,
  fields: {
    name: string;
    available: number;
    minimum: number;
    priceCents: number;
    category?: string;
    maxPerOrder?: number;
    packSize?: number;
  },
): Promise<Tool> {
  ownTools += 1;
  const res = await admin.post('/api/tools', {
    data: {
      ...fields,
      sku: `E2E-${Date.now().toString(36)}-${ownTools}`,
      description: 'A tool made for an end-to-end spec.',
      img: '/images/tools/wrench-set.svg',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Tool;
}

/** A demo tool by its SKU, as the catalog answers it today (its stock as other specs left it). */
export async function toolBySku(request: APIRequestContext, sku: string): Promise<Tool> {
  const page = (await (await request.get(`/api/tools?q=${encodeURIComponent(sku)}`)).json()) as ToolPage;
  const tool = page.items.find((t) => t.sku === sku);
  if (!tool) throw new Error(`no tool ${sku}`);
  return tool;
}

/** An order of these lines placed through the API by the request's signed-in buyer: a test's own order to act on. */
export async function placeOrderViaApi(
  request: APIRequestContext,
  lines: ReadonlyArray<{ toolId: number; quantity: number }>,
  address = '12 Main St, Springfield',
): Promise<Order> {
  const res = await request.post('/api/orders', { data: { lines, phone: '+1 555 010 2030', address } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Order;
}
