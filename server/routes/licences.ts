import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { decide } from '../../src/domain';
import { enforce } from '../crud/routes';
import { Envelope, errorResponses } from '../http/schemas';
import { actorOf } from '../plugins/auth';
import { licenceRecordOf, LicenceSchema, subscriptionRecordOf, SubscriptionSchema } from '../crudResources/licences';

const CompanyParams = Type.Object({ companyId: Type.String({ format: 'uuid' }) });

/** A company's licence and bot studio subscription by company id (null when it has none). */
export const licenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const byCompany = [
    { path: '/companyLicense/company/:companyId', schema: LicenceSchema, read: licenceRecordOf, what: 'licence' },
    {
      path: '/botStudio/company/:companyId',
      schema: SubscriptionSchema,
      read: subscriptionRecordOf,
      what: 'bot studio subscription',
    },
  ] as const;
  for (const route of byCompany) {
    app.get(
      route.path,
      {
        schema: {
          tags: ['licences'],
          summary: `The ${route.what} of a company, or null`,
          security: [{ token: [] }],
          params: CompanyParams,
          response: {
            200: Envelope(Type.Union([route.schema, Type.Null()])),
            ...errorResponses(400, 401, 403, 404, 503),
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        enforce(decide(actor, 'show', 'licences', { companyId: request.params.companyId }));
        return {
          message: 'OK',
          payload: await route.read({ app, actor, db: app.database.db }, request.params.companyId),
        };
      },
    );
  }
};
