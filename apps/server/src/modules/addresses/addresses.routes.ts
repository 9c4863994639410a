import { requireUser } from '../auth/auth.plugin.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema } from '@toolsify/shared/ids';
import { errorBodySchema } from '@toolsify/shared/errors';
import { addressInputSchema, addressSchema, addressUpdateSchema, myAddressesSchema } from '@toolsify/shared/addresses';
import { createAddress, listMyAddresses, removeAddress, updateAddress } from './addresses.service.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

/**
 * The signed-in buyer's ship-to addresses: the job sites and warehouses they ship to, each under
 * a label, for checkout to fill its phone and address from. A buyer's own only: anyone else's
 * id, an admin's request included, is a 404.
 */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/me/addresses',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: "The signed-in buyer's ship-to addresses, by label (at most 20)",
        security: [{ session: [] }],
        response: { 200: myAddressesSchema, ...errors },
      },
    },
    async (request) => listMyAddresses(app, requireUser(request).id),
  );

  app.post(
    '/api/me/addresses',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['account'],
        summary:
          'Saves a new ship-to address `{ label, phone, address }` (a label the buyer has given another address, or a 21st address: 409)',
        security: [{ session: [] }],
        body: addressInputSchema,
        response: { 201: addressSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createAddress(app, requireUser(request).id, request.body)),
  );

  app.put(
    '/api/me/addresses/:id',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['account'],
        summary: "Replaces one of the buyer's ship-to addresses whole: `{ label, phone, address }`",
        security: [{ session: [] }],
        params: idParamsSchema,
        body: addressUpdateSchema,
        response: { 200: addressSchema, ...errors },
      },
    },
    async (request) => updateAddress(app, requireUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/me/addresses/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['account'],
        summary: "Removes one of the buyer's ship-to addresses",
        security: [{ session: [] }],
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeAddress(app, requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
