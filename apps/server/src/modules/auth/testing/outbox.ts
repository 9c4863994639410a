import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface OutboxMail {
  raw: string;
  subject: string;
  /** The decoded message (quoted-printable undone), both parts. */
  body: string;
  links: string[];
}

/** Decodes quoted-printable soft breaks and escapes, so links and words read whole. */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export function parseMail(raw: string): OutboxMail {
  const body = decodeQuotedPrintable(raw);
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
  const links = [...new Set(body.match(/https?:\/\/[^\s"<>]+/g) ?? [])].map((l) => l.replace(/&amp;/g, '&'));
  return { raw, subject, body, links };
}

/** Every message the app wrote to its outbox for `to`, oldest first (after pending sends). */
export async function outboxFor(app: FastifyInstance, to: string): Promise<OutboxMail[]> {
  await app.mailer.idle();
  const dir = path.resolve(app.config.MAIL_OUTBOX_DIR);
  const files = await readdir(dir).catch(() => [] as string[]);
  const mine = files.filter((f) => f.endsWith(`-${to.replace(/[^\w.@-]/g, '_')}.eml`)).sort();
  return Promise.all(mine.map(async (f) => parseMail(await readFile(path.join(dir, f), 'utf8'))));
}

export async function latestMail(app: FastifyInstance, to: string): Promise<OutboxMail | undefined> {
  return (await outboxFor(app, to)).at(-1);
}

/** The path (and query) of the app link in `mail` that contains `needle`. */
export function appLink(mail: OutboxMail | undefined, needle: string): string {
  const link = mail?.links.find((l) => l.includes(needle));
  if (!link) throw new Error(`no link with ${needle} in ${mail?.subject ?? 'no mail'}`);
  const url = new URL(link);
  return url.pathname + url.search;
}
