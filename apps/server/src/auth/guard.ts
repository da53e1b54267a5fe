import { staffOnlyMessage } from '@app/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../errors.ts';
import { logSecurityEvent } from '../security-events.ts';
import type { AccessTokens, Role } from './access-tokens.ts';
import { SESSION_ENDED_MESSAGE, type SessionService } from './sessions.ts';

/** The caller of a protected route, as its access token says. */
export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
  /** The session passed the staff second factor (always false for clients). */
  mfa: boolean;
  /**
   * Staff rights on other people's data: the staff role and, unless STAFF_MFA is off, a session
   * that passed the second factor. Staff halfway through signing in are treated like anyone else.
   */
  staff: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without an access token. */
    public?: boolean;
    /** Only for staff (see @app/domain/staff) whose session passed the second factor. */
    staff?: boolean;
    /** A staff route that the second factor does not guard: the routes that pass it. */
    beforeSecondFactor?: boolean;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export const MISSING_TOKEN_MESSAGE =
  'Authentication required: send an access token as "Authorization: Bearer <token>"';
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Two-step verification required: enter the code from your authenticator app to use staff features.';

/**
 * Every route needs a valid access token of a live session unless its options say
 * `config: { public: true }`; `config: { staff: true }` additionally needs the staff role and,
 * unless STAFF_MFA is off, a session that passed the second factor. Requests that match no route
 * fall through to the JSON 404, and the OpenAPI document is public.
 */
export function installGuard(app: FastifyInstance, tokens: AccessTokens, sessions: SessionService): void {
  const deniedToNonStaff = staffOnlyMessage(app.config.staffEmailDomain);
  const secondFactorRequired = app.config.auth.staffMfa;
  app.decorateRequest('currentUser', null);
  app.addHook('onRequest', async (request) => {
    const { config, url } = request.routeOptions;
    if (config.public || url === undefined || url.startsWith('/api/docs')) return;
    const claims = await tokens.verify(bearerToken(request));
    if (!(await sessions.isLive(claims.sessionId, claims.userId))) throw Unauthorized(SESSION_ENDED_MESSAGE);
    request.currentUser = {
      id: claims.userId,
      email: claims.email,
      role: claims.role,
      sessionId: claims.sessionId,
      mfa: claims.mfa,
      staff: claims.role === 'staff' && (claims.mfa || !secondFactorRequired),
    };
    if (!config.staff) return;
    if (claims.role !== 'staff') {
      logSecurityEvent(request, 'staff_route_forbidden', { userId: claims.userId, reason: 'not_staff' });
      throw Forbidden(deniedToNonStaff);
    }
    if (secondFactorRequired && !claims.mfa && !config.beforeSecondFactor) {
      logSecurityEvent(request, 'staff_route_forbidden', { userId: claims.userId, reason: 'second_factor' });
      throw Forbidden(SECOND_FACTOR_REQUIRED_MESSAGE);
    }
  });
}

/** The token from `Authorization: Bearer <token>`; throws a 401 when there is none. */
export function bearerToken(request: FastifyRequest): string {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match?.[1]) throw Unauthorized(MISSING_TOKEN_MESSAGE);
  return match[1];
}

/** The signed-in caller of a protected route. The user id always comes from here, never from input. */
export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser) throw Unauthorized(MISSING_TOKEN_MESSAGE);
  return request.currentUser;
}
