import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { RenderedMail } from './templates.ts';

/** A rendered email on its way out, named by its Message-ID (the same on every attempt). */
export interface OutgoingMail extends RenderedMail {
  to: string;
  messageId: string;
}

/** Hands one message to SMTP or the outbox folder; throws when it could not. */
export interface MailTransport {
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP when SMTP_URL is set (a pool of connections); otherwise each message becomes an .eml
 * file under MAIL_OUTBOX_DIR (DESIGN.md decision 7). Links carry tokens, so they are logged (to
 * help `npm run dev`) only outside production, never at any log level in production.
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const logLink =
    config.NODE_ENV === 'production' ? () => {} : (link: string | undefined) => log.info({ link }, `mail link: ${link ?? '(none)'}`);

  /** The message nodemailer writes, the same for SMTP and the outbox folder. */
  const messageOf = ({ to, subject, text, html, messageId, replyTo, attachments }: OutgoingMail) => ({
    from: config.MAIL_FROM,
    to,
    subject,
    text,
    html,
    messageId,
    ...(replyTo ? { replyTo } : {}),
    ...(attachments ? { attachments } : {}),
  });

  if (config.SMTP_URL) {
    // Timeouts well inside the outbox's lease (OUTBOX_LEASE_MS), so a send that hangs fails and is
    // retried by its own worker rather than sent again by another while still under way.
    const timeouts = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: Math.min(30_000, config.OUTBOX_LEASE_MS / 2) };
    const transport = nodemailer.createTransport({ url: config.SMTP_URL, pool: true, maxConnections: 4, ...timeouts } as never);
    return {
      async deliver(mail) {
        await transport.sendMail(messageOf(mail));
        log.info({ to: mail.to, subject: mail.subject, messageId: mail.messageId }, 'mail sent');
        logLink(mail.link);
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = path.resolve(config.MAIL_OUTBOX_DIR);
  // The folder is made before the first message, not before each (a system call per email, 1 %
  // of a flash sale's time), and again when a write finds it gone.
  let dirMade = false;
  const write = async (file: string, message: Buffer) => {
    if (!dirMade) await mkdir(dir, { recursive: true });
    dirMade = true;
    await writeFile(file, message).catch(async (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await mkdir(dir, { recursive: true });
      await writeFile(file, message);
    });
  };
  let sent = 0;
  return {
    async deliver(mail) {
      // Named when sent, before any await: files sort in the order the messages were sent
      // (the counter orders those of the same millisecond), whichever is written first.
      sent += 1;
      const name = `${Date.now()}-${String(sent).padStart(8, '0')}-${randomBytes(3).toString('hex')}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`;
      const info = await transport.sendMail(messageOf(mail));
      const file = path.join(dir, name);
      await write(file, info.message as Buffer);
      log.info({ to: mail.to, subject: mail.subject, file, messageId: mail.messageId }, 'mail written to outbox');
      logLink(mail.link);
    },
    close: () => transport.close(),
  };
}
