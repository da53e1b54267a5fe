import { staffOnlyMessage } from '@app/domain/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../errors.ts';
import type { AccessTokenClaims, AccessTokens, Role } from './access-tokens.ts';

/** The caller of a protected route, as its access token says. */
export interface CurrentUser {
  id: string;
  email: string;
  role: Role;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without an access token. */
    public?: boolean;
    /** Only for staff (see @app/domain/staff). */
    staff?: boolean;
  }
  interface FastifyRequest {
    currentUser: CurrentUser | null;
  }
}

export const MISSING_TOKEN_MESSAGE =
  'Authentication required: send an access token as "Authorization: Bearer <token>"';

/**
 * Every route needs a valid access token unless its options say `config: { public: true }`;
 * `config: { staff: true }` additionally needs the staff role. Requests that match no route fall
 * through to the JSON 404, and the OpenAPI document is public.
 */
export function installGuard(app: FastifyInstance, tokens: AccessTokens): void {
  const deniedToNonStaff = staffOnlyMessage(app.config.staffEmailDomain);
  app.decorateRequest('currentUser', null);
  // One caller per remembered token, so repeated requests allocate nothing and per-caller memos
  // (see GET /auth/v1/user) live exactly as long as the token is remembered.
  const callers = new WeakMap<AccessTokenClaims, CurrentUser>();
  const callerOf = (claims: AccessTokenClaims): CurrentUser => {
    let caller = callers.get(claims);
    if (!caller) {
      caller = Object.freeze({
        id: claims.userId,
        email: claims.email,
        role: claims.role,
        sessionId: claims.sessionId,
      });
      callers.set(claims, caller);
    }
    return caller;
  };
  // Callback style, not async: a remembered token is checked without allocating a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const { config, url } = request.routeOptions;
    if (config.public || url === undefined || url.startsWith('/api/docs')) return done();
    let token: string;
    try {
      token = bearerToken(request);
    } catch (error) {
      return done(error as Error);
    }
    const admit = (claims: AccessTokenClaims) => {
      request.currentUser = callerOf(claims);
      done(config.staff && claims.role !== 'staff' ? Forbidden(deniedToNonStaff) : undefined);
    };
    const remembered = tokens.remembered(token);
    if (remembered) return admit(remembered);
    tokens.verify(token).then(admit, done);
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
