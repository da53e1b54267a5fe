import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultOnboardingResources } from '@app/domain/resources';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, TRUST_PROXY_TRUE_MESSAGE } from './config.ts';

/** A file with `text` in a fresh temporary folder; returns its path. */
function tempFile(name: string, text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'config-')), name);
  writeFileSync(file, text);
  return file;
}

describe('configuration', () => {
  it('defaults to SQLite under ./data, port 3000 and the company.test staff domain', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('sqlite');
    expect(config.staffEmailDomain).toBe('company.test');
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.auth.google).toBeUndefined();
  });

  it('chooses PostgreSQL for a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
  });

  it('names every bad variable with one clear message each', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', BRAND_COLOR: 'blue' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toEqual([
        'PORT must be a whole number between 0 and 65535 (0: any free port)',
        'DATABASE_URL must start with postgres://, postgresql:// or sqlite:',
        'BRAND_COLOR must be a hex colour such as #2563eb',
      ]);
    }
  });

  it('refuses production without Google sign-in, a staff domain, a public URL and real contact links', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'AUTH_GOOGLE_CLIENT_ID and AUTH_GOOGLE_CLIENT_SECRET are required in production (the development sign-in provider is refused there)',
        'STAFF_EMAIL_DOMAIN is required in production',
        'PUBLIC_URL is required in production',
        'WHATSAPP_NUMBER is required in production',
        'ADVANCED_PRODUCT_URL is required in production',
      ]);
    }
  });

  it('lets tests switch the staff second factor off, but never production', () => {
    expect(loadConfig({}).auth.staffMfa).toBe(true);
    expect(loadConfig({ STAFF_MFA: 'off' }).auth.staffMfa).toBe(false);
    const production = {
      NODE_ENV: 'production',
      AUTH_GOOGLE_CLIENT_ID: 'id',
      AUTH_GOOGLE_CLIENT_SECRET: 'secret',
      STAFF_EMAIL_DOMAIN: 'company.com',
      PUBLIC_URL: 'https://app.company.com',
      WHATSAPP_NUMBER: '15550001111',
      ADVANCED_PRODUCT_URL: 'https://advanced.company.com',
    };
    expect(loadConfig(production).auth.staffMfa).toBe(true);
    expect(() => loadConfig({ ...production, STAFF_MFA: 'off' })).toThrow(
      'STAFF_MFA=off is refused in production: staff sign in with a second factor',
    );
    expect(() => loadConfig({ STAFF_MFA: 'no' })).toThrow('STAFF_MFA must be on or off');
  });

  it('reads the absolute session lifetime, 30 days unless set', () => {
    expect(loadConfig({}).auth.sessionMaxAge).toBe(2_592_000);
    expect(loadConfig({ AUTH_SESSION_MAX_AGE: '3600' }).auth.sessionMaxAge).toBe(3600);
    expect(() => loadConfig({ AUTH_SESSION_MAX_AGE: '0' })).toThrow(
      'AUTH_SESSION_MAX_AGE must be a whole number of seconds greater than 0',
    );
  });

  it('reads the limits, the Redis store, the storage quota and the time limits, with their defaults', () => {
    expect(loadConfig({})).toMatchObject({
      rateLimits: { signInPerAddress: 60, apiPerUser: 600, notesPerUser: 30, uploadsPerUser: 20 },
      redis: undefined,
      storageQuotaBytes: 50 * 1024 * 1024,
      http: { requestTimeoutMs: 300_000, headersTimeoutMs: 10_000, keepAliveTimeoutMs: 72_000 },
    });
    const set = loadConfig({
      REDIS_URL: 'redis://cache.internal:6379',
      STORAGE_QUOTA_MB: '5',
      UPLOAD_RATE_LIMIT_PER_MINUTE: '5',
      HTTP_REQUEST_TIMEOUT_MS: '2000',
      HTTP_HEADERS_TIMEOUT_MS: '5000',
    });
    expect(set.redis).toEqual({ url: 'redis://cache.internal:6379', keyPrefix: 'apply-ahead:' });
    expect(set.storageQuotaBytes).toBe(5 * 1024 * 1024);
    expect(set.rateLimits.uploadsPerUser).toBe(5);
    // The headers cannot have longer than the whole request.
    expect(set.http.headersTimeoutMs).toBe(2000);
    expect(() => loadConfig({ REDIS_URL: 'cache.internal:6379' })).toThrow(
      'REDIS_URL must start with redis:// or rediss://',
    );
    expect(() => loadConfig({ STORAGE_QUOTA_MB: '0' })).toThrow('STORAGE_QUOTA_MB must be greater than 0');
    expect(() => loadConfig({ API_RATE_LIMIT_PER_MINUTE: 'many' })).toThrow(
      'API_RATE_LIMIT_PER_MINUTE must be a whole number',
    );
    expect(() => loadConfig({ UPLOAD_RATE_LIMIT_PER_MINUTE: '0' })).toThrow(
      'UPLOAD_RATE_LIMIT_PER_MINUTE must be greater than 0',
    );
  });

  it('takes TRUST_PROXY as a hop count or proxy addresses, and refuses true with the reason', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      new ConfigError([`TRUST_PROXY ${TRUST_PROXY_TRUE_MESSAGE}`]),
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(ConfigError);
  });

  it('requires the Google client id and secret together', () => {
    expect(() => loadConfig({ AUTH_GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'AUTH_GOOGLE_CLIENT_ID and AUTH_GOOGLE_CLIENT_SECRET must be set together',
    );
  });

  it("uses the product's own pages as the Resources step's links unless RESOURCES_FILE names others", () => {
    const defaults = loadConfig({}).resources;
    expect(defaults).toEqual(defaultOnboardingResources);
    const links = [
      defaults.cancellationGuide,
      ...defaults.productVideos,
      ...defaults.featuredReports,
      defaults.website,
    ];
    for (const link of links) expect(link.url).toMatch(/^\/(?!\/)/);

    const own = {
      ...defaultOnboardingResources,
      cancellationGuide: {
        title: 'Cancel in two minutes',
        description: '',
        url: 'https://videos.test/cancel',
      },
      socialLinks: [
        { title: 'Us on LinkedIn', description: 'News', url: 'https://www.linkedin.com/company/us' },
      ],
    };
    const file = tempFile('resources.json', JSON.stringify(own));
    expect(loadConfig({ RESOURCES_FILE: file }).resources).toEqual(own);
  });

  it('stops at start, naming each problem, for a RESOURCES_FILE that is missing or wrong', () => {
    const missing = path.join(tmpdir(), 'no-such-resources.json');
    expect(() => loadConfig({ RESOURCES_FILE: missing })).toThrow(
      `RESOURCES_FILE cannot be read (${missing}): no such file`,
    );
    const notJson = tempFile('resources.json', '{ videos: [');
    expect(() => loadConfig({ RESOURCES_FILE: notJson })).toThrow(`RESOURCES_FILE ${notJson}: is not JSON`);

    const wrong = tempFile(
      'resources.json',
      JSON.stringify({
        ...defaultOnboardingResources,
        productVideos: defaultOnboardingResources.productVideos.slice(1),
        website: { title: 'Site', description: '', url: 'javascript:alert(1)' },
      }),
    );
    try {
      loadConfig({ RESOURCES_FILE: wrong });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        `RESOURCES_FILE ${wrong}: productVideos must list exactly 4 videos`,
        `RESOURCES_FILE ${wrong}: website.url must be an http(s) address or a path on this site starting with /`,
      ]);
    }
  });
});
