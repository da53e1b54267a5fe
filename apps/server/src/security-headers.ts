import type { Config } from './config.ts';

/**
 * The security headers of every response, computed once: they depend only on configuration, and
 * building them per request showed up as a real cost on small authenticated reads.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const production = config.env === 'production';
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // React and the toast library set element styles at run time; no script may run inline.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "frame-ancestors 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ...(production ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  return {
    'content-security-policy': csp,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'SAMEORIGIN',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-dns-prefetch-control': 'off',
    'x-permitted-cross-domain-policies': 'none',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
