import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Unauthorized } from '../errors.ts';
import { logSecurityEvent } from '../security-events.ts';
import { currentUser } from './guard.ts';
import { AUTH_PREFIX, errorSchema, userSchema } from './routes.ts';
import { ACCOUNT_GONE_MESSAGE, type SessionService } from './sessions.ts';
import { SecondFactorRefused, type StaffMfa } from './staff-mfa.ts';

/**
 * /auth/v1/mfa: the staff second factor. Staff routes that the second factor does not guard
 * (`beforeSecondFactor`): they are how a staff session passes it. Clients get the staff-only 403.
 */
export async function secondFactorRoutes(
  scope: FastifyInstance,
  options: { sessions: SessionService; staffMfa: StaffMfa },
): Promise<void> {
  const { sessions, staffMfa } = options;
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const config = { staff: true, beforeSecondFactor: true };

  app.post(
    `${AUTH_PREFIX}/mfa/enrol`,
    {
      config,
      schema: {
        tags,
        summary: 'Staff: start setting up two-step verification (only until it is set up)',
        response: {
          200: z.object({ otpauth_url: z.string(), qr_code: z.string(), secret: z.string() }),
          409: errorSchema,
        },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const enrolment = await staffMfa.enrol({ id: caller.id, email: caller.email });
      return {
        otpauth_url: enrolment.otpauthUrl,
        qr_code: enrolment.qrCodeDataUrl,
        secret: enrolment.secret,
      };
    },
  );

  app.post(
    `${AUTH_PREFIX}/mfa/verify`,
    {
      config,
      schema: {
        tags,
        summary:
          'Staff: pass two-step verification with a 6-digit code or a recovery code; answers an access token that opens staff routes (refreshes keep it)',
        body: z.object({
          code: z.string().max(32).optional(),
          recovery_code: z.string().max(64).optional(),
        }),
        response: {
          200: z.object({
            access_token: z.string(),
            token_type: z.literal('bearer'),
            expires_in: z.number().int(),
            expires_at: z.number().int(),
            user: userSchema,
            recovery_codes: z
              .array(z.string())
              .optional()
              .describe('Only when this code completed the set-up: shown this once, stored hashed'),
            enrol_again: z
              .literal(true)
              .optional()
              .describe(
                "A recovery code accepted while the stored secret cannot be read: the session is not passed, and set-up starts again (user.mfa is 'enrol')",
              ),
          }),
          400: errorSchema,
          409: errorSchema.describe(
            "The stored secret cannot be opened with this server's key (AUTH_COOKIE_SECRET changed): use a recovery code",
          ),
          429: errorSchema,
        },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      let recoveryCodes: string[] | undefined;
      let enrolAgain: boolean | undefined;
      try {
        ({ recoveryCodes, enrolAgain } = await staffMfa.verify(caller.id, {
          code: request.body.code,
          recoveryCode: request.body.recovery_code,
        }));
      } catch (error) {
        if (error instanceof SecondFactorRefused) {
          logSecurityEvent(request, 'mfa_failure', { userId: caller.id, reason: error.reason });
        }
        throw error;
      }
      const passed = enrolAgain
        ? await sessions.reissue(caller.sessionId, caller.id)
        : await sessions.passSecondFactor(caller.sessionId, caller.id);
      if (!passed) throw Unauthorized(ACCOUNT_GONE_MESSAGE);
      return {
        access_token: passed.accessToken,
        token_type: 'bearer' as const,
        expires_in: passed.expiresIn,
        expires_at: passed.expiresAt,
        user: passed.user,
        ...(recoveryCodes ? { recovery_codes: recoveryCodes } : {}),
        ...(enrolAgain ? { enrol_again: true as const } : {}),
      };
    },
  );
}
