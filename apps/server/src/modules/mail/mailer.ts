import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link the message is about; logged in outbox mode so a developer can click it. */
  link?: string;
}

export interface Mailer {
  /** Sends (or writes) the message; never throws: a failure is logged. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends in the background: the request that asked does not wait, so its answer takes the
   * same time whether or not a message went out (no "does this account exist?" by timing).
   */
  sendLater(message: MailMessage): void;
  /**
   * Runs work that ends in mail (say, issuing a reset link) after the request has been answered,
   * so the answer reveals nothing by its timing. A failure is logged, never thrown.
   */
  later(what: string, work: () => Promise<void>): void;
  /** Resolves when every message handed to sendLater, and all work handed to later, is done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file under
 * MAIL_OUTBOX_DIR (DESIGN.md decision 7). Links carry tokens, so they are logged (to help
 * `npm run dev`) only outside production, never at any log level in production.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const logLink =
    config.NODE_ENV === 'production' ? () => {} : (link: string | undefined) => log.info({ link }, `mail link: ${link ?? '(none)'}`);
  const pending = new Set<Promise<void>>();
  let deliver: (message: MailMessage) => Promise<void>;
  let closeTransport = () => {};

  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    closeTransport = () => transport.close();
    deliver = async ({ to, subject, text, html, link }) => {
      await transport.sendMail({ from: config.MAIL_FROM, to, subject, text, html });
      log.info({ to, subject }, 'mail sent');
      logLink(link);
    };
  } else {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const dir = path.resolve(config.MAIL_OUTBOX_DIR);
    let sent = 0;
    deliver = async ({ to, subject, text, html, link }) => {
      // Named when sent, before any await: files sort in the order the messages were sent
      // (the counter orders those of the same millisecond), whichever is written first.
      sent += 1;
      const name = `${Date.now()}-${String(sent).padStart(8, '0')}-${randomBytes(3).toString('hex')}-${to.replace(/[^\w.@-]/g, '_')}.eml`;
      const info = await transport.sendMail({ from: config.MAIL_FROM, to, subject, text, html });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, name);
      await writeFile(file, info.message as Buffer);
      log.info({ to, subject, file }, 'mail written to outbox');
      logLink(link);
    };
  }

  const send = async (message: MailMessage) => {
    try {
      await deliver(message);
    } catch (error) {
      // The error names the server or the folder, never the message's link.
      log.error({ err: error, to: message.to, subject: message.subject }, 'mail could not be sent');
    }
  };

  const track = (job: Promise<void>) => {
    const tracked = job.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  return {
    send,
    sendLater(message) {
      track(send(message));
    },
    later(what, work) {
      // setImmediate: the work starts once the answer is on its way.
      track(
        new Promise<void>((resolve) => setImmediate(resolve))
          .then(work)
          .catch((error: unknown) => log.error({ err: error }, `${what} failed`)),
      );
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
    async close() {
      await this.idle();
      closeTransport();
    },
  };
}
