import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInForTest } from '../testing/auth.ts';
import { onboardClient } from '../testing/clients.ts';
import { databaseKinds } from '../testing/databases.ts';
import { pdfBytes } from '../testing/documents.ts';
import { createFullApp } from './world.ts';

/** What production needs to start; the Google issuer is never contacted by these requests. */
const PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://apply.example.com',
  STAFF_EMAIL_DOMAIN: 'company.test',
  AUTH_GOOGLE_CLIENT_ID: 'google-client-id',
  AUTH_GOOGLE_CLIENT_SECRET: 'google-client-secret',
  AUTH_GOOGLE_ISSUER: 'http://127.0.0.1:9/',
  WHATSAPP_NUMBER: '15550001111',
  ADVANCED_PRODUCT_URL: 'https://advanced.apply.example.com',
};

/** Every kind of answer: JSON, errors, the web app, its assets, the API viewer, a document. */
async function everyKindOfAnswer(app: Awaited<ReturnType<typeof createFullApp>>['app']) {
  const client = await onboardClient(app, 'headers@example.com', {
    resume: { filename: 'cv.pdf', bytes: pdfBytes() },
  });
  const requests: [string, InjectOptions][] = [
    ['JSON', { url: '/api/public-config' }],
    ['401', { url: '/api/my-jobs' }],
    ['404', { url: '/api/nothing-here' }],
    ['403', { url: '/api/admin/outbox', headers: client.headers }],
    ['web page', { url: '/jobs', headers: { accept: 'text/html' } }],
    ['asset', { url: '/assets/app-1234.js' }],
    ['API document', { url: '/api/docs/json' }],
    [
      'document',
      {
        url: `/api/documents/download?path=${encodeURIComponent(client.resumePath!)}`,
        headers: client.headers,
      },
    ],
  ];
  const answers = [];
  for (const [name, request] of requests) answers.push({ name, response: await app.inject(request) });
  return answers;
}

function expectHardened(name: string, headers: Record<string, unknown>) {
  const csp = String(headers['content-security-policy']);
  const directive = (key: string) =>
    csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${key} `));
  expect(directive('default-src'), name).toBe("default-src 'self'");
  expect(directive('script-src'), name).toBe("script-src 'self'");
  expect(directive('object-src'), name).toBe("object-src 'none'");
  expect(directive('base-uri'), name).toBe("base-uri 'self'");
  expect(directive('frame-ancestors'), name).toMatch(/^frame-ancestors '(self|none)'$/);
  expect(headers['x-content-type-options'], name).toBe('nosniff');
  expect(headers['x-frame-options'], name).toMatch(/^(SAMEORIGIN|DENY)$/);
  expect(headers['referrer-policy'], name).toMatch(
    /^(strict-origin-when-cross-origin|no-referrer|same-origin)$/,
  );
}

describe.each(databaseKinds)('security headers on every kind of answer, on %s', (kind) => {
  describe('in production', () => {
    let ctx: Awaited<ReturnType<typeof createFullApp>>;
    beforeAll(async () => {
      ctx = await createFullApp(kind, PRODUCTION);
    });
    afterAll(async () => ctx.close());

    it('sends CSP, nosniff, a referrer policy, frame protection and HSTS for a year with subdomains', async () => {
      const answers = await everyKindOfAnswer(ctx.app);
      expect(answers.map(({ name, response }) => `${name} ${response.statusCode}`)).toEqual([
        'JSON 200',
        '401 401',
        '404 404',
        '403 403',
        'web page 200',
        'asset 200',
        'API document 200',
        'document 200',
      ]);
      for (const { name, response } of answers) {
        expectHardened(name, response.headers);
        expect(response.headers['strict-transport-security'], name).toBe(
          'max-age=31536000; includeSubDomains',
        );
        expect(response.headers['content-security-policy'], name).toContain('upgrade-insecure-requests');
      }
    });

    it('refuses the development sign-in provider', async () => {
      expect((await ctx.app.inject('/oidc/.well-known/openid-configuration')).statusCode).toBe(404);
      expect((await ctx.app.inject('/api/public-config')).json().signInProvider).toBe('google');
      expect((await signInForTest(ctx.app, 'person@example.com')).accessToken).toBeTruthy();
    });
  });

  describe('in development', () => {
    let ctx: Awaited<ReturnType<typeof createFullApp>>;
    beforeAll(async () => {
      ctx = await createFullApp(kind);
    });
    afterAll(async () => ctx.close());

    it('sends the same protections but no HSTS, which would pin a plain-http localhost to https', async () => {
      for (const { name, response } of await everyKindOfAnswer(ctx.app)) {
        expectHardened(name, response.headers);
        expect(response.headers['strict-transport-security'], name).toBeUndefined();
      }
    });
  });
});
