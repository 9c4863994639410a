/**
 * The store's emails: a plain-text and an HTML part each, in the store's look (its name in a
 * dark blue band, a white card, the company's address below). Every value that comes from a
 * user (names, tools, addresses, PO numbers, notes) is escaped in the HTML part.
 */

import { company } from '@toolsify/shared/company';
import { messages } from '@toolsify/shared/messages';
import { formatCents, formatCount } from '@toolsify/shared/money';
import { trackingUrl, type Order } from '@toolsify/shared/orders';
import type { RefusedRefund } from './outbox.repository.ts';

const STORE = messages.brand;
const BRAND = '#1e3a8a';
const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#e5e7eb';

/** A file an email carries: an invoice or a credit note, as its download's bytes. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: 'application/pdf';
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /** The one link the message is about; logged in development so it can be clicked. */
  link?: string;
  /** Where a reply goes when it is not the store (a Contact Us message: its sender). */
  replyTo?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** The frame every email shares; `preheader` is the line mail apps show beside the subject. */
function layout(title: string, bodyHtml: string, preheader = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:${INK}">
<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px">
<tr><td style="background:${BRAND};color:#fff;padding:18px 24px;border-radius:12px 12px 0 0;font-size:18px;font-weight:700;letter-spacing:.2px">${escapeHtml(STORE)}</td></tr>
<tr><td style="background:#fff;padding:24px;border-radius:0 0 12px 12px;font-size:15px;line-height:1.5">
<h1 style="font-size:21px;line-height:1.3;margin:0 0 16px">${escapeHtml(title)}</h1>
${bodyHtml}
</td></tr>
<tr><td style="padding:16px 8px;color:#6b7280;font-size:12px;line-height:1.5;text-align:center">
${escapeHtml(company.name)} · ${escapeHtml(company.address)}<br>${escapeHtml(company.email)} · ${escapeHtml(company.phone)}
</td></tr></table></td></tr></table></body></html>`;
}

function paragraph(text: string): string {
  return `<p style="margin:0 0 14px">${escapeHtml(text)}</p>`;
}

function button(url: string, label: string): string {
  return `<p style="margin:20px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:${BRAND};color:#fff;padding:11px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(label)}</a></p>
<p style="font-size:12px;color:${MUTED};margin:0 0 14px;word-break:break-all">Or paste this link into your browser: ${escapeHtml(url)}</p>`;
}

function signOff(text: string): string {
  return `${text}\n\n${STORE}\n${company.address}\n${company.email} · ${company.phone}`;
}

export function verificationEmail({ name, url }: { name: string; url: string }): RenderedMail {
  const subject = `Verify your email for ${STORE}`;
  return {
    subject,
    text: signOff(
      `Hello ${name},\n\nPlease verify your email address for ${STORE} by opening this link:\n${url}\n\nIf you did not sign up, you can ignore this message.`,
    ),
    html: layout(
      subject,
      `${paragraph(`Hello ${name},`)}${paragraph('Please verify your email address.')}${button(url, 'Verify email')}${paragraph('If you did not sign up, you can ignore this message.')}`,
      'Verify your email address',
    ),
    link: url,
  };
}

export function resetPasswordEmail({ name, url }: { name: string; url: string }): RenderedMail {
  const subject = `Reset your ${STORE} password`;
  return {
    subject,
    text: signOff(
      `Hello ${name},\n\nSomeone asked to reset the password of your ${STORE} account. To choose a new password, open this link within an hour:\n${url}\n\nIf it was not you, ignore this message: your password stays as it is.`,
    ),
    html: layout(
      subject,
      `${paragraph(`Hello ${name},`)}${paragraph('Someone asked to reset the password of your account. The link works for one hour.')}${button(url, 'Choose a new password')}${paragraph('If it was not you, ignore this message: your password stays as it is.')}`,
      'Choose a new password',
    ),
    link: url,
  };
}

// ---------------------------------------------------------------------------------------------
// Order emails

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "Nov 25, 2026, 2:05 PM UTC" */
export function formatMailTime(iso: string): string {
  return `${dateTime.format(new Date(iso))} UTC`;
}

/** Who cancelled an order, and why, as the buyer is told. */
export interface Cancellation {
  actor: 'buyer' | 'admin' | 'store';
  note: string | null;
  /** A paid order's refund (decision 025): what goes back to the card, and the credit note that cancels its invoice. */
  refundedCents?: number;
  creditNoteNumber?: string;
}

interface OrderMailContext {
  order: Order;
  /**
   * The order's document the email carries, as its download's bytes: the paid email's invoice, a
   * refund's credit note. Absent: the email links to it only.
   */
  document?: { number: string; pdf: Buffer };
  /** The buyer's company and tax / VAT number as the order keeps them from its placing (item 8). */
  business?: { company: string | null; taxId: string | null };
  /** The store's address: https://shop.example */
  publicUrl: string;
}

/** The email's document as an attachment, named as its download is ("INV-2026-000123.pdf"). */
function attached({ document }: OrderMailContext): { attachments?: MailAttachment[] } {
  return document ? { attachments: [{ filename: `${document.number}.pdf`, content: document.pdf, contentType: 'application/pdf' }] } : {};
}

function orderUrl({ order, publicUrl }: OrderMailContext): string {
  return `${publicUrl}/dashboard/orders/${order.id}`;
}

/** A table of rows in an email (order lines, low tools): the table, a cell, a number's cell, a heading's cell. */
const TABLE = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px;margin:8px 0 16px">`;
const cell = `padding:8px 6px;border-bottom:1px solid ${RULE};vertical-align:top`;
const num = `${cell};text-align:right;white-space:nowrap`;
const head = `padding:6px;border-bottom:2px solid ${RULE};font-size:12px;color:${MUTED};text-transform:uppercase;letter-spacing:.4px`;

function linesText(order: Order): string {
  const rows = order.lines.map(
    (line) =>
      `  ${formatCount(line.quantity)} x ${line.tool} (${line.sku}) at ${formatCents(line.unitPriceCents)}  ${formatCents(line.totalCents)}`,
  );
  return `${rows.join('\n')}\n  Total: ${formatCents(order.totalCents)}`;
}

function linesHtml(order: Order): string {
  // A name with no space to break at (a part number) wraps inside the cell, not past the phone's width.
  const name = `${cell};word-break:break-word;overflow-wrap:anywhere`;
  const rows = order.lines
    .map(
      (
        line,
      ) => `<tr><td style="${name}">${escapeHtml(line.tool)}<br><span style="font-size:12px;color:${MUTED}">SKU ${escapeHtml(line.sku)}</span></td>
<td style="${num}">${formatCount(line.quantity)}</td><td style="${num}">${formatCents(line.unitPriceCents)}</td><td style="${num}">${formatCents(line.totalCents)}</td></tr>`,
    )
    .join('');
  return `${TABLE}
<tr><th align="left" style="${head}">Tool</th><th align="right" style="${head}">Qty</th><th align="right" style="${head}">Unit price</th><th align="right" style="${head}">Total</th></tr>
${rows}
<tr><td colspan="3" style="padding:10px 6px;text-align:right;font-weight:700">Total</td><td style="padding:10px 6px;text-align:right;font-weight:700;white-space:nowrap">${formatCents(order.totalCents)}</td></tr>
</table>`;
}

/** Facts as label: value, for both parts. */
function facts(pairs: ReadonlyArray<readonly [string, string | null]>): { text: string; html: string } {
  const shown = pairs.filter((pair): pair is readonly [string, string] => pair[1] !== null && pair[1] !== '');
  return {
    text: shown.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px">${shown
      .map(
        ([label, value]) =>
          `<tr><td style="padding:3px 16px 3px 0;color:${MUTED};vertical-align:top;white-space:nowrap">${escapeHtml(label)}</td><td style="padding:3px 0;white-space:pre-line;word-break:break-word;overflow-wrap:anywhere">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
  };
}

/** The buyer's company and tax / VAT number, when the order has them. */
function businessFacts({ business }: OrderMailContext): Array<readonly [string, string | null]> {
  return [
    ['Company', business?.company ?? null],
    ['Tax / VAT number', business?.taxId ?? null],
  ];
}

function shipTo(order: Order): string {
  return `${order.buyerName}\n${order.address}\nPhone: ${order.phone}`;
}

export function orderPlacedEmail(context: OrderMailContext): RenderedMail {
  const { order, publicUrl } = context;
  const subject = `Order #${order.id} placed: ${formatCents(order.totalCents)}`;
  const payUrl = `${publicUrl}/dashboard/payment/${order.id}`;
  const expiry = order.expiresAt
    ? `Unpaid orders are cancelled and their stock released: pay by ${formatMailTime(order.expiresAt)} to keep this one.`
    : null;
  const info = facts([
    ['Order', `#${order.id}`],
    ['Placed', formatMailTime(order.createdAt)],
    ['PO number', order.poNumber],
    ...businessFacts(context),
    ['Ship to', shipTo(order)],
  ]);
  const howToPay = 'How to pay: by card on the payment page of your order (Visa, Mastercard, American Express).';
  return {
    subject,
    text: signOff(
      [
        `Hello ${order.buyerName},`,
        `Thank you for your order. We have set the stock aside for you.`,
        info.text,
        linesText(order),
        howToPay,
        `Pay now: ${payUrl}`,
        ...(expiry ? [expiry] : []),
        `Your order: ${orderUrl(context)}`,
      ].join('\n\n'),
    ),
    html: layout(
      `Order #${order.id} placed`,
      `${paragraph(`Hello ${order.buyerName},`)}${paragraph('Thank you for your order. We have set the stock aside for you.')}${info.html}${linesHtml(order)}${paragraph(howToPay)}${expiry ? paragraph(expiry) : ''}${button(payUrl, 'Pay now')}<p style="margin:0"><a href="${escapeHtml(orderUrl(context))}" style="color:${BRAND}">View your order</a></p>`,
      `Order #${order.id}: ${formatCents(order.totalCents)}`,
    ),
    link: payUrl,
  };
}

export function orderPaidEmail(context: OrderMailContext): RenderedMail {
  const { order } = context;
  const subject = `Receipt for order #${order.id}: ${formatCents(order.totalCents)} paid`;
  // The order's page, which downloads the PDF once open: a buyer signed out in this browser logs
  // in first and comes back to it (the PDF's own address would answer a signed-out browser 401).
  const invoiceUrl = `${orderUrl(context)}?download=invoice`;
  const info = facts([
    ['Order', `#${order.id}`],
    ['Amount paid', formatCents(order.totalCents)],
    ['Paid by', 'Card'],
    ['Transaction id', order.transactionId],
    ['Invoice', order.invoiceNumber],
    ['PO number', order.poNumber],
    ...businessFacts(context),
    ['Ship to', shipTo(order)],
  ]);
  return {
    subject,
    text: signOff(
      [
        `Hello ${order.buyerName},`,
        `We have received your payment. This is your receipt.`,
        info.text,
        linesText(order),
        context.document
          ? `Your invoice ${context.document.number} is attached as a PDF; it can also be downloaded: ${invoiceUrl}`
          : `Your invoice (PDF): ${invoiceUrl}`,
        `We will email you again when the order ships.`,
        `Your order: ${orderUrl(context)}`,
      ].join('\n\n'),
    ),
    html: layout(
      'Payment received',
      `${paragraph(`Hello ${order.buyerName},`)}${paragraph('We have received your payment. This is your receipt.')}${info.html}${linesHtml(order)}${context.document ? paragraph(`Your invoice ${context.document.number} is attached as a PDF.`) : ''}${button(invoiceUrl, 'Download invoice')}${paragraph('We will email you again when the order ships.')}<p style="margin:0"><a href="${escapeHtml(orderUrl(context))}" style="color:${BRAND}">View your order</a></p>`,
      `${formatCents(order.totalCents)} paid for order #${order.id}`,
    ),
    link: invoiceUrl,
    ...attached(context),
  };
}

export function orderShippedEmail(
  context: OrderMailContext & { shipment?: { carrier?: string | null; trackingNumber?: string | null; corrected?: boolean } },
): RenderedMail {
  const { order } = context;
  // The store corrected the details it sent (a mistyped tracking number): these replace them.
  const corrected = context.shipment?.corrected === true;
  const subject = corrected ? `Order #${order.id}: shipping details corrected` : `Order #${order.id} has shipped`;
  const lead = corrected
    ? 'We corrected the shipping details of your order: these replace the ones we sent before.'
    : 'Your order is on its way.';
  const track = trackingUrl({ carrier: context.shipment?.carrier ?? null, trackingNumber: context.shipment?.trackingNumber ?? null });
  const info = facts([
    ['Order', `#${order.id}`],
    ['Carrier', context.shipment?.carrier ?? null],
    ['Tracking number', context.shipment?.trackingNumber ?? null],
    ['PO number', order.poNumber],
    ...businessFacts(context),
    ['Ship to', shipTo(order)],
  ]);
  return {
    subject,
    text: signOff(
      [
        `Hello ${order.buyerName},`,
        lead,
        info.text,
        ...(track ? [`Track it: ${track}`] : []),
        linesText(order),
        `Your order: ${orderUrl(context)}`,
      ].join('\n\n'),
    ),
    html: layout(
      subject,
      `${paragraph(`Hello ${order.buyerName},`)}${paragraph(lead)}${info.html}${track ? button(track, 'Track your parcel') : ''}${linesHtml(order)}${track ? `<p style="margin:20px 0 0"><a href="${escapeHtml(orderUrl(context))}" style="color:${BRAND}">View your order</a></p>` : button(orderUrl(context), 'View your order')}`,
      corrected ? 'Shipping details corrected' : 'Your order is on its way',
    ),
    link: orderUrl(context),
  };
}

/** Who cancelled, in the buyer's words: "You cancelled this order." */
export function cancellationReason({ actor, note }: Cancellation): string {
  if (actor === 'buyer') return 'You cancelled this order.';
  if (actor === 'admin') return 'The store cancelled this order.';
  return `The store cancelled this order automatically: ${note ?? 'it could no longer be fulfilled'}.`;
}

export function orderCancelledEmail(context: OrderMailContext & { cancellation: Cancellation }): RenderedMail {
  const { order } = context;
  const { actor, note, refundedCents, creditNoteNumber } = context.cancellation;
  const refunded = refundedCents !== undefined;
  const subject = `Order #${order.id} was ${refunded ? 'cancelled and refunded' : 'cancelled'}`;
  const reason = refunded ? 'The store cancelled this order and refunded it.' : cancellationReason(context.cancellation);
  const info = facts([
    ['Order', `#${order.id}`],
    ['Placed', formatMailTime(order.createdAt)],
    // The store's automatic cancel says why in its sentence; a person's reason is a fact of its own.
    ['Reason', actor === 'store' ? null : note],
    ['PO number', order.poNumber],
    ['Credit note', creditNoteNumber ?? null],
    ...businessFacts(context),
  ]);
  const money = refunded
    ? `We refunded the ${formatCents(refundedCents)} you paid to the card you paid with: your bank shows it within 5 to 10 business days.`
    : 'Nothing was charged for it.';
  const creditNote =
    refunded && context.document ? ` The credit note ${context.document.number}, which cancels your invoice, is attached as a PDF.` : '';
  const nothing = `${money}${creditNote} You are welcome to order again at any time: Order again on the order's page puts the tools we still sell back in your cart.`;
  return {
    subject,
    text: signOff(
      [`Hello ${order.buyerName},`, reason, info.text, linesText(order), nothing, `Your order: ${orderUrl(context)}`].join('\n\n'),
    ),
    html: layout(
      subject,
      `${paragraph(`Hello ${order.buyerName},`)}${paragraph(reason)}${info.html}${linesHtml(order)}${paragraph(nothing)}${button(orderUrl(context), 'View your order')}`,
      reason,
    ),
    link: orderUrl(context),
    ...(refunded ? attached(context) : {}),
  };
}

/**
 * The invoice of a paid order, to the address the buyer set in My Profile for their invoices
 * (their accounts payable). The reader has no account: nothing to sign in to, the invoice is
 * attached, and questions go to the store's sales address.
 */
export function invoiceCopyEmail(context: OrderMailContext): RenderedMail {
  const { order } = context;
  const number = context.document?.number ?? order.invoiceNumber ?? '';
  const buyer = context.business?.company ? `${order.buyerName} of ${context.business.company}` : order.buyerName;
  const subject = `Invoice ${number} for order #${order.id}: ${formatCents(order.totalCents)} paid`;
  const lead = `${buyer} (${order.buyer}) asked us to send the invoices of their orders to this address. Invoice ${number} is attached as a PDF. It was paid by card when it was issued: nothing is due.`;
  const info = facts([
    ['Invoice', number],
    ['Order', `#${order.id}`],
    ['PO number', order.poNumber],
    ['Amount paid', formatCents(order.totalCents)],
    ['Transaction id', order.transactionId],
    ...businessFacts(context),
  ]);
  const questions = `Questions about this invoice: ${company.email} or ${company.phone}.`;
  return {
    subject,
    text: signOff([`Hello,`, lead, info.text, linesText(order), questions].join('\n\n')),
    html: layout(
      subject,
      `${paragraph('Hello,')}${paragraph(lead)}${info.html}${linesHtml(order)}${paragraph(questions)}`,
      `Invoice ${number} attached`,
    ),
    ...attached(context),
  };
}

/** To the store's people: an order was paid. */
export function orderPaidNoticeEmail(context: OrderMailContext): RenderedMail {
  const { order } = context;
  const subject = `Order #${order.id} paid: ${formatCents(order.totalCents)} from ${order.buyerName}`;
  const info = facts([
    ['Order', `#${order.id}`],
    ['Buyer', `${order.buyerName} <${order.buyer}>`],
    ['Amount', formatCents(order.totalCents)],
    ['Transaction id', order.transactionId],
    ['Invoice', order.invoiceNumber],
    ['PO number', order.poNumber],
    ...businessFacts(context),
    ['Ship to', shipTo(order)],
  ]);
  return {
    subject,
    text: signOff(
      [`Order #${order.id} has been paid and is ready to ship.`, info.text, linesText(order), `Open it: ${orderUrl(context)}`].join('\n\n'),
    ),
    html: layout(
      subject,
      `${paragraph(`Order #${order.id} has been paid and is ready to ship.`)}${info.html}${linesHtml(order)}${button(orderUrl(context), 'Open the order')}`,
      'Ready to ship',
    ),
    link: orderUrl(context),
  };
}

/** To the store's people: a refund the gateway accepted has failed since (decision 025): the buyer is still owed the money. */
export function refundFailedNoticeEmail(
  context: OrderMailContext & { refund: { refundId: string; failure: string | null } },
): RenderedMail {
  const { order } = context;
  const subject = `Refund of order #${order.id} failed: ${formatCents(order.totalCents)} not returned to ${order.buyerName}`;
  const lead = `The payment service could not return the ${formatCents(order.totalCents)} of order #${order.id} to the card it was paid with. The order stays cancelled and its credit note stands: refund the buyer another way (from the payment service's dashboard, or by bank transfer) and tell them.`;
  const info = facts([
    ['Order', `#${order.id}`],
    ['Buyer', `${order.buyerName} <${order.buyer}>`],
    ['Amount', formatCents(order.totalCents)],
    ['Refund', context.refund.refundId],
    ['Why it failed', context.refund.failure],
    ['Credit note', order.refund?.creditNoteNumber ?? null],
    ['Transaction id', order.transactionId],
  ]);
  return {
    subject,
    text: signOff([lead, info.text, `Open it: ${orderUrl(context)}`].join('\n\n')),
    html: layout(subject, `${paragraph(lead)}${info.html}${button(orderUrl(context), 'Open the order')}`, 'A refund failed'),
    link: orderUrl(context),
  };
}

/** To the store's people: a pending refund the sweep asked for again was refused (decision 025): the order is paid again. */
export function refundRefusedNoticeEmail(context: OrderMailContext & { refund: RefusedRefund }): RenderedMail {
  const { order, refund } = context;
  const subject = `Refund of order #${order.id} refused: ${formatCents(order.totalCents)} not returned to ${order.buyerName}`;
  const lead = `The refund of order #${order.id}, pending since ${formatMailTime(refund.requestedAt)}, was refused by the payment service when it was asked again. Nothing went back to the buyer: the order is paid again and can ship. Refund it again from its page, refund the buyer another way, or ship it.`;
  const info = facts([
    ['Order', `#${order.id}`],
    ['Buyer', `${order.buyerName} <${order.buyer}>`],
    ['Amount', formatCents(order.totalCents)],
    ['Why it was refused', refund.failure],
    ['Asked by', refund.requestedBy],
    ['Reason given', refund.reason],
    ['Transaction id', order.transactionId],
  ]);
  return {
    subject,
    text: signOff([lead, info.text, `Open it: ${orderUrl(context)}`].join('\n\n')),
    html: layout(subject, `${paragraph(lead)}${info.html}${button(orderUrl(context), 'Open the order')}`, 'A refund was refused'),
    link: orderUrl(context),
  };
}

// ---------------------------------------------------------------------------------------------
// "Email me when it is back"

/** What a back-in-stock email says: the tool as it is when sent (or its name when it is gone). */
export interface BackInStockContext {
  /** The subscriber's name. */
  name: string;
  tool: { id: number; name: string; sku: string | null; available: number | null; minimum: number | null; priceCents: number | null };
  /** The store's address: https://shop.example */
  publicUrl: string;
}

/** To a buyer who asked for it: a tool they waited for is in stock again (their one email about it). */
export function backInStockEmail({ name, tool, publicUrl }: BackInStockContext): RenderedMail {
  const subject = `${tool.name} is back in stock`;
  const toolUrl = `${publicUrl}/tools/${tool.id}`;
  const buyUrl = `${publicUrl}/purchase/${tool.id}`;
  const greeting = name ? `Hello ${name},` : 'Hello,';
  const news = `${tool.name} is back in stock. You asked us to tell you: this is the one email about it.`;
  const info = facts([
    ['Tool', tool.name],
    ['SKU', tool.sku],
    ['Available now', tool.available === null ? null : `${formatCount(tool.available)} pieces`],
    ['Minimum order', tool.minimum === null ? null : `${formatCount(tool.minimum)} pieces`],
    ['Price per unit', tool.priceCents === null ? null : formatCents(tool.priceCents)],
  ]);
  const hurry = 'Stock goes to the first orders placed, so it may run out again.';
  return {
    subject,
    text: signOff([greeting, news, info.text, hurry, `Order it: ${buyUrl}`, `The tool: ${toolUrl}`].join('\n\n')),
    html: layout(
      subject,
      `${paragraph(greeting)}${paragraph(news)}${info.html}${paragraph(hurry)}${button(buyUrl, 'Order it now')}<p style="margin:0"><a href="${escapeHtml(toolUrl)}" style="color:${BRAND}">See the tool</a></p>`,
      `${tool.name} can be ordered again`,
    ),
    link: buyUrl,
  };
}

// ---------------------------------------------------------------------------------------------
// The contact form reaches someone

/** A Contact Us message as an admin is told of it. */
export interface ContactNoticeContext {
  message: { id: number; email: string; subject: string; message: string; createdAt: string };
  /** The store's address: https://shop.example */
  publicUrl: string;
}

/** To every admin: a visitor wrote through Contact Us (the link opens it in the Inbox; reply by email). */
export function contactMessageNoticeEmail({ message, publicUrl }: ContactNoticeContext): RenderedMail {
  const subject = `New message from ${message.email}`;
  // The Inbox page opens this message (and marks it read) from `?id=`.
  const inboxUrl = `${publicUrl}/dashboard/inbox?id=${message.id}`;
  const intro = 'Someone wrote to the store through Contact Us. Reply to them by email; the Inbox keeps the message.';
  const info = facts([
    ['From', message.email],
    ['Subject', message.subject],
    ['Received', formatMailTime(message.createdAt)],
  ]);
  return {
    subject,
    text: signOff([intro, info.text, message.message, `The Inbox: ${inboxUrl}`].join('\n\n')),
    html: layout(
      subject,
      `${paragraph(intro)}${info.html}<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${RULE};background:#f9fafb;white-space:pre-line">${escapeHtml(message.message)}</blockquote>${button(inboxUrl, 'Open the Inbox')}`,
      message.subject || 'A new Contact Us message',
    ),
    link: inboxUrl,
    // Reply in the mail app answers the sender, not the store's no-reply address.
    replyTo: message.email,
  };
}

// ---------------------------------------------------------------------------------------------
// Low stock

/** The tools a low-stock email lists, as they were when the store checked. */
export interface LowStockNoticeContext {
  tools: ReadonlyArray<{ id: number; name: string; sku: string; available: number; threshold: number }>;
  /** How many more tools fell low than are listed. */
  more: number;
  /** The store's address: https://shop.example */
  publicUrl: string;
}

/** To every admin: tools fell to or under the low-stock threshold set for them (one email per check). */
export function lowStockNoticeEmail({ tools, more, publicUrl }: LowStockNoticeContext): RenderedMail {
  const count = tools.length + more;
  const first = tools[0];
  const subject =
    count === 1 && first ? `Low stock: ${first.name} (${formatCount(first.available)} left)` : `Low stock: ${formatCount(count)} tools`;
  const lowUrl = `${publicUrl}/dashboard/products?view=low`;
  const intro =
    count === 1
      ? 'This tool is at or under the low-stock level set for it. Restock it, or change its level, in Manage Products.'
      : `These ${formatCount(count)} tools are at or under the low-stock level set for them, the emptiest first. Restock them, or change their levels, in Manage Products.`;
  const rest = more > 0 ? `And ${formatCount(more)} more: Low stock lists them all.` : '';
  const once = 'We tell you once each time a tool falls that low; it counts again after it is restocked above its level.';
  const rows = tools.map(
    (tool) => `  ${tool.name} (${tool.sku}): ${formatCount(tool.available)} in stock, level ${formatCount(tool.threshold)}`,
  );
  const table = `${TABLE}
<tr><th align="left" style="${head}">Tool</th><th align="right" style="${head};white-space:nowrap">In stock</th><th align="right" style="${head}">Level</th></tr>
${tools
  .map(
    (tool) =>
      `<tr><td style="${cell};word-break:break-word;overflow-wrap:anywhere"><a href="${escapeHtml(`${publicUrl}/dashboard/products/${tool.id}/stock`)}" style="color:${BRAND}">${escapeHtml(tool.name)}</a><br><span style="font-size:12px;color:${MUTED}">SKU ${escapeHtml(tool.sku)}</span></td><td style="${num}${tool.available === 0 ? ';color:#b91c1c;font-weight:700' : ''}">${formatCount(tool.available)}</td><td style="${num}">${formatCount(tool.threshold)}</td></tr>`,
  )
  .join('')}
</table>`;
  return {
    subject,
    text: signOff([intro, rows.join('\n'), rest, `Low stock: ${lowUrl}`, once].filter(Boolean).join('\n\n')),
    html: layout(
      subject,
      `${paragraph(intro)}${table}${rest ? paragraph(rest) : ''}${button(lowUrl, 'Open Low stock')}${paragraph(once)}`,
      count === 1 ? 'Time to restock' : `${formatCount(count)} tools to restock`,
    ),
    link: lowUrl,
  };
}
