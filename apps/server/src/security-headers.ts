import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { Config } from './config.ts';

/**
 * The security headers of every response, as @fastify/helmet options: a content security policy
 * that lets only our own scripts run, no framing by other sites, no MIME sniffing, a referrer
 * policy, and HSTS in production only (on a plain-http localhost it would pin the browser to https).
 */
export function securityHeaderOptions(config: Config): FastifyHelmetOptions {
  const production = config.env === 'production';
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // React and the toast library set element styles at run time; no script may run inline.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: production ? [] : null,
      },
    },
    // Documents and the web app's files are served only to this site; nothing embeds cross-origin.
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'sameorigin' },
    xDnsPrefetchControl: { allow: false },
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
  };
}
