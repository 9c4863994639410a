/** The store's emails: a plain-text and an HTML part each, with the store's name. */

import { messages } from '@toolsify/shared/messages';

const STORE = messages.brand;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#f5f5f4;padding:24px">
<div style="max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#78716c;font-size:12px;margin-top:24px">${STORE}</p></div></body></html>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:#57534e">Or paste this link into your browser: ${escapeHtml(url)}</p>`;
}

export function verificationEmail({ name, url }: { name: string; url: string }) {
  const subject = `Verify your email for ${STORE}`;
  return {
    subject,
    text: `Hello ${name},\n\nPlease verify your email address for ${STORE} by opening this link:\n${url}\n\nIf you did not sign up, you can ignore this message.\n\n${STORE}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(name)},</p><p>Please verify your email address.</p>${button(url, 'Verify email')}<p>If you did not sign up, you can ignore this message.</p>`,
    ),
  };
}

export function resetPasswordEmail({ name, url }: { name: string; url: string }) {
  const subject = `Reset your ${STORE} password`;
  return {
    subject,
    text: `Hello ${name},\n\nSomeone asked to reset the password of your ${STORE} account. To choose a new password, open this link within an hour:\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.\n\n${STORE}`,
    html: layout(
      subject,
      `<p>Hello ${escapeHtml(name)},</p><p>Someone asked to reset the password of your account. The link works for one hour.</p>${button(url, 'Choose a new password')}<p>If it was not you, ignore this message: your password stays as it is.</p>`,
    ),
  };
}
