import { z } from 'zod';
import { clientIdSchema } from './clients-api.ts';
import { filterSettingsSchema, savedFilterSchema } from './job-filters.ts';

/** Requests and answers of `/api/job-search-filters`, shared by the server and the browser. */

export const jobFiltersQuerySchema = z.object({
  /** Staff name the client by id; a client always gets their own filters, whatever this says. */
  client_id: clientIdSchema.optional(),
});

export const jobFilterIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

export const jobFilterUpdateSchema = z
  .object({
    /** The filter's version the change was made on: one changed since is refused (409). */
    version: z.number().int().positive(),
    name: z.string().trim().min(1, 'must not be blank').max(200).optional(),
    query: z.string().trim().min(1, 'must not be blank').max(200).optional(),
    filters: filterSettingsSchema.partial().optional(),
  })
  .refine(
    (body) => body.name !== undefined || body.query !== undefined || body.filters !== undefined,
    'must change at least one of name, query or filters',
  );
export type JobFilterUpdate = z.infer<typeof jobFilterUpdateSchema>;

/** An edit made on a version of the filter that someone else has changed since (409). */
export const FILTER_CHANGED_MESSAGE =
  'Someone else changed this filter after you opened it. Save again to replace their change with yours, or Cancel to see it.';

export const jobFilterListResponseSchema = z.object({ data: z.array(savedFilterSchema) });
export const jobFilterResponseSchema = z.object({ data: savedFilterSchema });
export const jobFilterDeletedResponseSchema = z.object({ data: z.object({ id: z.string() }) });
