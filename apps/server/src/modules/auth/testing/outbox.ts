import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export interface OutboxMail {
  raw: string;
  subject: string;
  /** The decoded message (quoted-printable undone), both parts. */
  body: string;
  links: string[];
  /** The files it carries (MIME parts with Content-Disposition: attachment), decoded. */
  attachments: MailFile[];
}

export interface MailFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The attachments of a raw message as nodemailer writes them: each part's headers, a blank line, its base64 body. */
function attachmentsOf(raw: string): MailFile[] {
  const files: MailFile[] = [];
  const text = raw.replace(/\r\n/g, '\n');
  for (const part of text.split(/\n--[^\n]+\n/).slice(1)) {
    const blank = part.indexOf('\n\n');
    if (blank < 0) continue;
    // Folded header lines joined.
    const headers = part.slice(0, blank).replace(/\n[ \t]+/g, ' ');
    if (!/^Content-Disposition: attachment/im.test(headers)) continue;
    const filename = /filename="?([^";\n]+)"?/i.exec(headers)?.[1] ?? '';
    const contentType = /^Content-Type: ([^;\n]+)/im.exec(headers)?.[1]?.trim() ?? '';
    files.push({ filename, contentType, content: Buffer.from(part.slice(blank + 2).replace(/\n--[\s\S]*$/, ''), 'base64') });
  }
  return files;
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
  return { raw, subject, body, links, attachments: attachmentsOf(raw) };
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
