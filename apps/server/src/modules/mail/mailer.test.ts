import { readFileSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { messages } from '@toolsify/shared/messages';
import { createTestApp, testFolder } from '../../test/helpers.ts';
import { parseMail, type OutboxMail } from '../auth/testing/outbox.ts';
import { testConfig } from '../../config.ts';
import { createMailTransport } from './mailer.ts';
import { resetPasswordEmail, verificationEmail } from './templates.ts';

const origin = { origin: 'http://localhost:3000' };

interface Received {
  from: string | false;
  to: string[];
  mail: OutboxMail;
}

/** A real SMTP server on a free local port that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : false,
          to: session.envelope.rcptTo.map((r) => r.address),
          mail: parseMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('mail over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Toolsify <shop@toolsify.test>' });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it('sends the verification email at sign-up, with a text and an HTML part and the store name', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: origin,
      payload: { name: 'Smtp Buyer', email: 'smtp.buyer@example.com', password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    await app.mailer.idle();
    const message = smtp.received.find((r) => r.to.includes('smtp.buyer@example.com'));
    expect(message?.from).toBe('shop@toolsify.test');
    expect(message?.mail.subject).toContain(messages.brand);
    expect(message?.mail.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message?.mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(message?.mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(message?.mail.links.some((l) => l.startsWith('http://localhost:3000/api/auth/verify-email?token='))).toBe(true);
  });

  it('sends the reset email, and nothing for an unknown address', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: origin,
      payload: { email: 'smtp.buyer@example.com' },
    });
    await app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: origin,
      payload: { email: 'nobody@example.com' },
    });
    await app.mailer.idle();
    const resets = smtp.received.filter((r) => r.mail.subject.startsWith('Reset your'));
    expect(resets.map((r) => r.to)).toEqual([['smtp.buyer@example.com']]);
    expect(resets[0]!.mail.links.some((l) => l.includes('/api/auth/reset-password/'))).toBe(true);
  });
});

describe('an email with a file', () => {
  it('carries the file to the SMTP server as an attachment, its bytes intact', async () => {
    const smtp = await startSmtpServer();
    const transport = createMailTransport(testConfig({ SMTP_URL: smtp.url }), pino({ enabled: false }));
    try {
      const pdf = Buffer.from('%PDF-1.4\n\u00ff\u0000 invoice bytes');
      await transport.deliver({
        to: 'ap@example.com',
        subject: 'Receipt for order #1',
        text: 'Your invoice is attached.',
        html: '<p>Your invoice is attached.</p>',
        messageId: '<receipt-1@toolsify.test>',
        attachments: [{ filename: 'INV-2026-000001.pdf', content: pdf, contentType: 'application/pdf' }],
      });
      const [got] = smtp.received;
      expect(got?.to).toEqual(['ap@example.com']);
      expect(got?.mail.attachments).toEqual([{ filename: 'INV-2026-000001.pdf', contentType: 'application/pdf', content: pdf }]);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});

describe('a mail server that is down', () => {
  it('still signs the person up, and logs the failure without the link', async () => {
    const smtp = await startSmtpServer();
    await smtp.close(); // nothing listens on that port any more
    const lines: string[] = [];
    const app = await createTestApp({ SMTP_URL: smtp.url, LOG_LEVEL: 'error' }, { logStream: { write: (l) => lines.push(l) } });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: origin,
        payload: { name: 'Offline', email: 'offline@example.com', password: 'secret123' },
      });
      expect(res.statusCode).toBe(200);
      await app.mailer.idle();
      const log = lines.join('');
      expect(log).toContain('mail could not be sent');
      expect(log).not.toContain('verify-email?token=');
    } finally {
      await app.close();
    }
  });
});

describe('mail as files (no SMTP_URL)', () => {
  it('writes each message to the outbox folder, made again when it was removed', async () => {
    const dir = path.join(testFolder('mail-files-'), 'outbox');
    const transport = createMailTransport(testConfig({ MAIL_OUTBOX_DIR: dir }), pino({ enabled: false }));
    const mail = (n: number) => ({
      to: `b${n}@example.com`,
      subject: `Mail ${n}`,
      text: 'text',
      html: '<p>html</p>',
      messageId: `<m${n}@toolsify.test>`,
    });
    try {
      await transport.deliver(mail(1));
      rmSync(dir, { recursive: true });
      await transport.deliver(mail(2));
      await transport.deliver(mail(3));
      const subjects = readdirSync(dir)
        .sort()
        .map((file) => parseMail(readFileSync(path.join(dir, file), 'utf8')).subject);
      expect(subjects).toEqual(['Mail 2', 'Mail 3']);
    } finally {
      transport.close();
    }
  });
});

describe('templates', () => {
  it('escape the name in the HTML part and carry the link in both parts', () => {
    const url = 'http://localhost:3000/api/auth/verify-email?token=a&callbackURL=%2F';
    for (const mail of [verificationEmail({ name: '<b>Eve</b>', url }), resetPasswordEmail({ name: '<b>Eve</b>', url })]) {
      expect(mail.html).toContain('&lt;b&gt;Eve&lt;/b&gt;');
      expect(mail.html).not.toContain('<b>Eve</b>');
      expect(mail.html).toContain('token=a&amp;callbackURL=%2F');
      expect(mail.text).toContain(url);
      expect(mail.text).toContain(messages.brand);
      expect(mail.html).toContain(messages.brand);
    }
  });
});
