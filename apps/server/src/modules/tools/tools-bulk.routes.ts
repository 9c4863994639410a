import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@toolsify/shared/errors';
import { idParamsSchema } from '@toolsify/shared/ids';
import {
  IMPORT_MAX_BYTES,
  importQuerySchema,
  importResultSchema,
  stockHistoryQuerySchema,
  stockHistorySchema,
} from '@toolsify/shared/tools-bulk';
import { requireUser } from '../auth/auth.plugin.ts';
import { AppError } from '../../lib/errors.ts';
import { exportToolsCsv, importTools, stockHistory } from './tools-bulk.service.ts';

const adminErrors = { 401: errorBodySchema, 403: errorBodySchema };
const TOO_LARGE = `The file must be ${IMPORT_MAX_BYTES / 1024 / 1024} MB or smaller.`;
const SEND_A_FILE = 'Send the CSV as a text/csv body, or as multipart/form-data with one file in a field named "file".';

const NOT_UTF8 = 'The file is not UTF-8 text. Save it as CSV UTF-8 (in Excel: Save As, "CSV UTF-8 (Comma delimited)") and upload it again.';
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The file's bytes as text, refused unless they are UTF-8: a spreadsheet's legacy encoding
 * (Excel's plain "CSV" on Windows is Windows-1252) would otherwise store every accented letter
 * of a name or description as a replacement character, silently.
 */
function utf8Text(bytes: Buffer): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError('VALIDATION_FAILED', `file: ${NOT_UTF8}`, { file: NOT_UTF8 });
  }
}

/** The uploaded CSV as text: a text/csv body, or the one file of a multipart body. */
async function importedText(request: FastifyRequest): Promise<string> {
  if (Buffer.isBuffer(request.body)) return utf8Text(request.body);
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SEND_A_FILE, { file: SEND_A_FILE });
  try {
    const file = await request.file();
    if (!file) throw new AppError('BAD_REQUEST', SEND_A_FILE, { file: 'Choose a CSV file' });
    return utf8Text(await file.toBuffer());
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', TOO_LARGE, { file: TOO_LARGE });
    throw new AppError('BAD_REQUEST', SEND_A_FILE, { file: 'The upload did not arrive whole' });
  }
}

/** Products in bulk (CSV export and import) and each tool's stock ledger: admin only. */
export const toolsBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin only: a CSV file, as a body or a multipart file, up to 5 MB.
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100, headerPairs: 50 },
  });
  // As bytes: a route without a body schema takes only raw bodies (app.ts), decoded by the handler.
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    '/api/tools/export.csv',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary: 'Export every live tool as CSV (admin), streamed: what POST /api/tools/import takes back',
        description:
          'Columns: sku, name, description, image, price (dollars), stock, minimum, pack_size, max_per_order (empty: none), ' +
          'price_breaks (`10:11.50;50:10.00`), low_stock_alert (pieces; empty: none). RFC 4180, UTF-8 with a byte-order mark; a text cell starting with =, +, -, @, ' +
          'tab or CR is prefixed with an apostrophe.',
        // The CSV is streamed as it is read; errors have the usual shape (401, 403).
        security: [{ session: [] }],
      },
    },
    async (_request, reply) => {
      const csv = await exportToolsCsv(app);
      const day = new Date().toISOString().slice(0, 10);
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="products-${day}.csv"`).send(csv);
    },
  );

  app.post(
    '/api/tools/import',
    {
      onRequest: app.requireAdmin,
      // The 5 MB are the text/csv parser's and the multipart file's: JSON keeps the app's 1 MB.
      schema: {
        tags: ['tools'],
        summary: 'Import products from CSV (admin): update by SKU or create; `dryRun=true` writes nothing',
        description:
          'A text/csv body or a multipart file field `file`, at most 5 MB and 10,000 rows, in the columns of the export: ' +
          "only sku is required, a column left out keeps each product's value, and other columns are left out (`ignoredColumns`). " +
          'Each row updates the live tool with its SKU (any case) or creates one. `dryRun=true` answers each row: create, ' +
          'update, unchanged or error (with the column). A real import is one transaction: a row with an error is a 400 ' +
          'naming `row N, column`, and nothing is written. The stock column is the stock to have: the difference from the ' +
          'stock as it is then is recorded as a restock or a correction; pieces held by unpaid orders stay held.',
        consumes: ['text/csv', 'multipart/form-data'],
        querystring: importQuerySchema,
        security: [{ session: [] }],
        response: {
          200: importResultSchema,
          400: errorBodySchema,
          ...adminErrors,
          409: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => importTools(app, requireUser(request).id, await importedText(request), request.query.dryRun),
  );

  app.get(
    '/api/tools/:id/stock-history',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['tools'],
        summary: "A tool's stock ledger (admin), newest first: adjustments, orders and cancellations; what unpaid orders hold",
        description:
          'Each entry: kind (initial, restock, correction, order, cancel), quantity (+ adds to the stock), when, who, the order. ' +
          'Pass `nextCursor` back as `cursor` for the next page.',
        security: [{ session: [] }],
        params: idParamsSchema,
        querystring: stockHistoryQuerySchema,
        response: { 200: stockHistorySchema, 400: errorBodySchema, ...adminErrors, 404: errorBodySchema },
      },
    },
    async (request) => stockHistory(app, request.params.id, request.query),
  );
};
