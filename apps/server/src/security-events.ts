import type { FastifyRequest } from 'fastify';

/** The security events the server logs, each as one structured line. */
export type SecurityEvent =
  | 'sign_in_refused'
  | 'refresh_token_reuse'
  | 'mfa_failure'
  | 'staff_route_forbidden'
  | 'rate_limited';

/**
 * Logs one structured warning line: `event`, the user id (null when unknown) and, through the
 * request's logger, the request id (`reqId`). Never pass tokens, codes or e-mail addresses.
 */
export function logSecurityEvent(
  request: FastifyRequest,
  event: SecurityEvent,
  fields: { userId: string | null } & Record<string, unknown>,
): void {
  request.log.warn({ event, ...fields }, `security event: ${event}`);
}
