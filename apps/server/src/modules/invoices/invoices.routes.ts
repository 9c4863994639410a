import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '@toolsify/shared/ids';
import { getInvoicePdf } from './invoices.service.ts';

/** A paid order's invoice, as a PDF download. */
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/orders/:id/invoice.pdf',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "A paid order's invoice (PDF; its buyer or an admin; 409 before it is paid or once cancelled)",
        security: [{ session: [] }],
        // The PDF's bytes are sent as they are; errors have the usual shape (401, 404, 409).
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const { number, pdf } = await getInvoicePdf(app, request.params.id, requireUser(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${number}.pdf"`)
        .send(pdf);
    },
  );
};
