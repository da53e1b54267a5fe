import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { securityHeaders } from './security-headers.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://apply.example.com',
  STAFF_EMAIL_DOMAIN: 'company.test',
  AUTH_GOOGLE_CLIENT_ID: 'id',
  AUTH_GOOGLE_CLIENT_SECRET: 'secret',
  WHATSAPP_NUMBER: '15550001111',
  ADVANCED_PRODUCT_URL: 'https://advanced.apply.example.com',
};

const CSP =
  "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
  "font-src 'self' data:;connect-src 'self';frame-src 'self';frame-ancestors 'self';form-action 'self';" +
  "object-src 'none';base-uri 'self'";

describe('security headers', () => {
  it('are exactly the policy, computed by helmet', () => {
    expect(securityHeaders(loadConfig({}))).toEqual({
      'content-security-policy': CSP,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
    });
  });

  it('add HSTS and upgrade insecure requests in production only', () => {
    const headers = securityHeaders(loadConfig(PRODUCTION));
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toBe(`${CSP};upgrade-insecure-requests`);
  });
});
