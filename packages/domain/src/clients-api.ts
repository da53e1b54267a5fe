import { z } from 'zod';

/**
 * How staff name a client: a user (signed in with a verified e-mail) or a pending client (an
 * e-mail work was assigned to before anyone signed in with it). Lookups by e-mail say what matched.
 */
export const clientRefSchema = z.object({
  id: z.string(),
  kind: z.enum(['user', 'pending']),
  email: z.string(),
});
export type ClientRef = z.infer<typeof clientRefSchema>;

const CLIENT_MATCHES = ['client_id', 'sign_in_email', 'pending_client', 'new_pending_client'] as const;
const clientMatchSchema = z.enum(CLIENT_MATCHES);
export type ClientMatch = z.infer<typeof clientMatchSchema>;

/** Part of every staff answer about one client: who it was, and what the request matched. */
export const resolvedClientShape = { client: clientRefSchema, matched: clientMatchSchema };

/** A client id as staff send it (a user's id or a pending client's); surrounding spaces are dropped. */
export const clientIdSchema = z.string().trim().max(64);

export const CLIENT_ID_NOT_FOUND_MESSAGE = 'No client has that id';

export const CLIENT_LOOKUP_MESSAGE = 'Give either email or client_id';

/** A client by e-mail (to learn the id) or by id (to name the client an id stands for). */
export const clientLookupQuerySchema = z
  .object({
    email: z.email({ message: 'must be an e-mail address' }).max(320).optional(),
    client_id: clientIdSchema.min(1).optional(),
  })
  .refine((query) => (query.email === undefined) !== (query.client_id === undefined), {
    message: CLIENT_LOOKUP_MESSAGE,
  });
export const clientLookupResponseSchema = z.object({ data: z.object(resolvedClientShape) });
