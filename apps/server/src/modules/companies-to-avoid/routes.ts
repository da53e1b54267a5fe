import { CLIENT_ID_NOT_FOUND_MESSAGE, clientIdSchema } from '@app/domain/clients-api';
import {
  addAvoidedCompanyBodySchema,
  avoidedCompaniesResponseSchema,
  avoidedCompanyNameSchema,
  avoidedCompanySchema,
  companyKey,
} from '@app/domain/companies-to-avoid';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../auth/guard.ts';
import type { Clock } from '../../clock.ts';
import { NotFound } from '../../errors.ts';
import type { ClientsService } from '../clients/service.ts';
import type { OnboardingService } from '../onboarding/service.ts';
import type { AvoidedCompaniesService } from './service.ts';

/**
 * The employer a client named in onboarding while saying they are employed: offered as the first
 * company to avoid until it is on the list.
 */
async function currentEmployer(onboarding: OnboardingService, userId: string): Promise<string | null> {
  const record = await onboarding.findOwn(userId);
  const employer = record?.recent_employer?.trim();
  if (!employer || record?.currently_employed !== 'Yes' || companyKey(employer) === '') return null;
  return employer;
}

export async function companiesToAvoidRoutes(
  fastify: FastifyInstance,
  options: {
    avoided: AvoidedCompaniesService;
    onboarding: OnboardingService;
    clients: ClientsService;
    clock: Clock;
  },
): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { avoided, onboarding, clients, clock } = options;
  const tags = ['companies to avoid'];

  const listWithSuggestion = async (clientId: string) => {
    const data = await avoided.list(clientId);
    const employer = await currentEmployer(onboarding, clientId);
    const listed = new Set(data.map((company) => companyKey(company.name)));
    return { data, suggestion: employer && !listed.has(companyKey(employer)) ? employer : null };
  };

  app.get(
    '/api/companies-to-avoid',
    {
      schema: {
        tags,
        summary:
          'Your companies never to apply to, oldest first, and your current employer from onboarding as a suggestion while it is not listed',
        response: { 200: avoidedCompaniesResponseSchema },
      },
    },
    async (request) => listWithSuggestion(currentUser(request).id),
  );

  app.post(
    '/api/companies-to-avoid',
    {
      schema: {
        tags,
        summary: "Add a company to your list ('ACME Inc.' and 'Acme' are one company: 409 when listed)",
        body: addAvoidedCompanyBodySchema,
        response: { 201: z.object({ data: avoidedCompanySchema }) },
      },
    },
    async (request, reply) => {
      const company = await avoided.add(currentUser(request).id, request.body.name, new Date(clock.now()));
      return reply.code(201).send({ data: company });
    },
  );

  app.delete(
    '/api/companies-to-avoid',
    {
      schema: {
        tags,
        summary: 'Take a company off your list (matched as the list matches: case and legal suffix aside)',
        // In the query, not the path: a path segment is capped at 200 characters, and a name may have
        // 300 (more once percent-encoded).
        querystring: z.object({ name: avoidedCompanyNameSchema }),
        response: { 204: z.null().describe('Removed: no body') },
      },
    },
    async (request, reply) => {
      await avoided.remove(currentUser(request).id, request.query.name);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/admin/companies-to-avoid',
    {
      config: { staff: true },
      schema: {
        tags: ['companies to avoid (staff)'],
        summary: "A client's companies to avoid, by client id; imports refuse jobs at these companies",
        querystring: z.object({ client_id: clientIdSchema.min(1) }),
        response: { 200: z.object({ data: z.array(avoidedCompanySchema) }) },
      },
    },
    async (request) => {
      const { client_id } = request.query;
      if (!(await clients.findById(client_id))) throw NotFound(CLIENT_ID_NOT_FOUND_MESSAGE);
      return { data: await avoided.list(client_id) };
    },
  );
}
