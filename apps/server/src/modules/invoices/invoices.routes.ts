import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@toolsify/shared/ids';
import { getCreditNotePdf, getInvoicePdf } from './invoices.service.ts';

/** A paid order's invoice and a refunded order's credit note, as PDF downloads. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary:
          "A paid order's invoice (PDF; its buyer or an admin; 409 before it is paid or once cancelled unpaid; a refunded order keeps it)",
        security: [{ session: [] }],
        // The PDF's bytes are sent as they are; errors have the usual shape (401, 404, 409).
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      return sendPdf(reply, await getInvoicePdf(app, request.params.id, requireUser(request)));
    },
  );

  app.get(
    '/api/orders/:id/credit-note.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "A refunded order's credit note, cancelling its invoice (PDF; its buyer or an admin; 409 unless refunded)",
        security: [{ session: [] }],
        params: idParamsSchema,
      },
    },
    async (request, reply) => sendPdf(reply, await getCreditNotePdf(app, request.params.id, requireUser(request))),
  );
};

function sendPdf(reply: FastifyReply, { number, pdf }: { number: string; pdf: Buffer }) {
  return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${number}.pdf"`).send(pdf);
}
