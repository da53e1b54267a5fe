import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
        'PORT must be a whole number between 1 and 65535',
        'DATABASE_URL must start with postgres://, postgresql:// or sqlite:',
        'BRAND_COLOR must be a hex colour such as #2563eb',
      ]);
    }
  });

  it('refuses production without Google sign-in, a staff domain and a public URL', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect((error as ConfigError).problems).toHaveLength(3);
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

  it('requires the Google client id and secret together', () => {
    expect(() => loadConfig({ AUTH_GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'AUTH_GOOGLE_CLIENT_ID and AUTH_GOOGLE_CLIENT_SECRET must be set together',
    );
  });
});
