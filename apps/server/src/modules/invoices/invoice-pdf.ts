// @types/pdfkit declares only the default export (pdfkit 0.20 has both).
// oxlint-disable-next-line import/no-named-as-default
import PDFDocument from 'pdfkit';
import { company } from '@toolsify/shared/company';
import { formatCents, formatCount } from '@toolsify/shared/money';
import type { Order } from '@toolsify/shared/orders';

const dateFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

const INK = '#111827';
const MUTED = '#4b5563';
const RULE = '#d1d5db';
const BRAND = '#1e3a8a';

/** The buyer's company and tax / VAT number as the order keeps them (null when not given). */
export interface BuyerBusiness {
  company: string | null;
  taxId: string | null;
}

/** Where the lines and the total stop: above the footer (FOOTER_TOP) with room to spare. */
const CONTENT_BOTTOM = 120;
/** The footer's first line, from the bottom of the page. */
const FOOTER_TOP = 70;
/** The total, how it was paid (or refunded: two lines, and why), and the currency, kept together on one page. */
const TOTAL_BLOCK_HEIGHT = 96;
/** Below each line of the table, its rule in the middle. */
const ROW_GAP = 6;
/** Between the last line's rule and the total. */
const TOTAL_GAP = 8;

/** A refunded order's credit note (decision 025): its number, date and the gateway's refund. */
export interface CreditNote {
  number: string;
  issuedAt: string;
  refundReference: string;
  /** Why, as the buyer was told (null: not said). */
  reason: string | null;
}

/**
 * The invoice of a paid order as a PDF (A4, the standard Helvetica fonts, nothing embedded):
 * the store as seller, the buyer (with their company and tax / VAT number when given), the invoice number and date, the order and PO numbers, each
 * line (SKU, tool, quantity, unit price, line total), the total and how it was paid. A long
 * order runs over pages, the table's header repeated on each; every page's footer names the
 * seller, the invoice and "Page n of N", so a page that is filed or scanned alone says what it
 * belongs to. Rendered only from the order as stored, with its invoice date as the PDF's
 * creation date, so the same order gives the same bytes.
 */
export function renderInvoicePdf(
  order: Order & { invoiceNumber: string; invoicedAt: string },
  business: BuyerBusiness = { company: null, taxId: null },
  creditNote: CreditNote | null = null,
): Promise<Buffer> {
  const issued = new Date(creditNote?.issuedAt ?? order.invoicedAt);
  // A credit note is its invoice, cancelled: the same lines and total, its own number and date.
  const title = creditNote ? `Credit note ${creditNote.number}` : `Invoice ${order.invoiceNumber}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    // Pages are kept until the end, when the footers (which count them) are written.
    bufferPages: true,
    info: {
      Title: title,
      Author: company.name,
      Subject: `Order #${order.id}`,
      CreationDate: issued,
      ModDate: issued,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const right = doc.page.width - 50;
  const width = right - left;

  // Seller and title.
  doc.fillColor(BRAND).font('Helvetica-Bold').fontSize(20).text(company.name, left, 50);
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(company.address).text(`${company.email}  ·  ${company.phone}`);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(26)
    .text(creditNote ? 'CREDIT NOTE' : 'INVOICE', left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  const facts: Array<[string, string]> = [
    ...(creditNote
      ? ([
          ['Credit note number', creditNote.number],
          ['Date', dateFormat.format(issued)],
          ['Credits invoice', order.invoiceNumber],
          ['Invoice date', dateFormat.format(new Date(order.invoicedAt))],
        ] as Array<[string, string]>)
      : ([
          ['Invoice number', order.invoiceNumber],
          ['Invoice date', dateFormat.format(issued)],
        ] as Array<[string, string]>)),
    ['Order', `#${order.id}`],
    ...(order.poNumber ? ([['PO number', order.poNumber]] as Array<[string, string]>) : []),
  ];
  let y = 90;
  for (const [label, value] of facts) {
    doc.fillColor(MUTED).text(label, right - 220, y, { width: 100 });
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .text(value, right - 120, y, { width: 120, align: 'right' });
    doc.font('Helvetica');
    y += 15;
  }

  // Who is billed (the buyer, their company and tax / VAT number) and where the order goes, side by side.
  y = Math.max(y, 130) + 20;
  const half = width / 2 - 10;
  const shipX = left + width / 2 + 10;
  doc.fillColor(MUTED).fontSize(9).font('Helvetica-Bold').text('BILL TO', left, y).text('SHIP TO', shipX, y);
  doc
    .fillColor(INK)
    .fontSize(10)
    .font('Helvetica-Bold')
    .text(business.company || order.buyerName, left, y + 14, { width: half });
  doc.font('Helvetica');
  if (business.company) doc.text(order.buyerName, { width: half });
  if (business.taxId) doc.text(`Tax / VAT number: ${business.taxId}`, { width: half });
  doc.text(order.buyer, { width: half });
  const billed = doc.y;
  doc.font('Helvetica-Bold').text(order.buyerName, shipX, y + 14, { width: half });
  doc.font('Helvetica').text(order.address, { width: half }).text(order.phone, { width: half });
  y = Math.max(billed, doc.y) + 25;

  // Lines.
  const columns = [
    { title: 'SKU', x: left, width: 90, align: 'left' as const },
    { title: 'Tool', x: left + 95, width: 185, align: 'left' as const },
    { title: 'Quantity', x: left + 285, width: 60, align: 'right' as const },
    { title: 'Unit price', x: left + 350, width: 70, align: 'right' as const },
    { title: 'Line total', x: left + 425, width: width - 425, align: 'right' as const },
  ];
  const header = () => {
    doc.rect(left, y - 4, width, 20).fill('#eef2ff');
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(9);
    for (const column of columns) doc.text(column.title, column.x, y + 2, { width: column.width, align: column.align });
    y += 22;
    doc.font('Helvetica').fontSize(9);
  };
  header();
  for (const [index, line] of order.lines.entries()) {
    const cells = [line.sku, line.tool, formatCount(line.quantity), formatCents(line.unitPriceCents), formatCents(line.totalCents)];
    const height = Math.max(...cells.map((cell, n) => doc.heightOfString(cell, { width: columns[n]?.width ?? 0 })));
    // The last line goes over with the total when both do not fit above the footer: a total
    // never stands on a page of its own, away from the lines it adds up.
    const last = index === order.lines.length - 1;
    const end = last ? y + height + ROW_GAP + TOTAL_GAP + TOTAL_BLOCK_HEIGHT : y + height;
    if (end > doc.page.height - (last ? FOOTER_TOP : CONTENT_BOTTOM)) {
      doc.addPage();
      y = 50;
      header();
    }
    doc.fillColor(INK);
    cells.forEach((cell, n) => {
      const column = columns[n];
      if (column) doc.text(cell, column.x, y, { width: column.width, align: column.align });
    });
    y += height + ROW_GAP;
    doc
      .moveTo(left, y - 3)
      .lineTo(right, y - 3)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }

  // Total and payment, on the page of the last line (room was kept above).
  y += TOTAL_GAP;
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(creditNote ? 'Total credited' : 'Total', left + 285, y, { width: 135, align: 'right' });
  doc.text(formatCents(order.totalCents), left + 425, y, { width: width - 425, align: 'right' });
  y += 24;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(
      creditNote
        ? `Invoice ${order.invoiceNumber} is cancelled in full. Refunded to the card it was paid with (transaction ${order.transactionId ?? ''}), refund ${creditNote.refundReference}.`
        : `Paid by card, transaction ${order.transactionId ?? ''}.`,
      left,
      y,
      { width },
    );
  if (creditNote?.reason) doc.text(`Reason: ${creditNote.reason}`, left, doc.y + 4, { width });
  doc.text('All amounts in US dollars.', left, doc.y + 4, { width });

  // The footer of every page. It lies in the bottom margin, where text would start a new page:
  // the margin is lifted while it is written.
  const { start, count } = doc.bufferedPageRange();
  for (let n = 0; n < count; n += 1) {
    doc.switchToPage(start + n);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const top = doc.page.height - FOOTER_TOP;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`${company.name} · ${company.address} · ${company.email}`, left, top, { width, align: 'center' });
    doc.text(`${title} · Order #${order.id}`, left, top + 12, { width: width / 2 });
    doc.text(`Page ${n + 1} of ${count}`, left + width / 2, top + 12, { width: width / 2, align: 'right' });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
