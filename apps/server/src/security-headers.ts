import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from './config.ts';

/**
 * The security headers of every response, as helmet options: a content security policy that lets
 * only our own scripts run, no framing by other sites, no MIME sniffing, a referrer policy, and
 * HSTS in production only (on a plain-http localhost it would pin the browser to https).
 */
function securityHeaderOptions(config: Config): HelmetOptions {
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
    // Helmet's remaining defaults, which the policy never had: an old Internet Explorer switch, a
    // header that turns off a filter browsers no longer ship, and an origin-keyed agent cluster hint.
    xDownloadOptions: false,
    xXssProtection: false,
    originAgentCluster: false,
  };
}

/**
 * The headers helmet sets for these options, computed once: they depend only on configuration, and
 * running helmet's middleware on every request cost a sixth of a small write's throughput.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(securityHeaderOptions(config))(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error) => {
      if (error) throw error;
    },
  );
  return headers;
}
