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

  it('requires the Google client id and secret together', () => {
    expect(() => loadConfig({ AUTH_GOOGLE_CLIENT_ID: 'id' })).toThrow(
      'AUTH_GOOGLE_CLIENT_ID and AUTH_GOOGLE_CLIENT_SECRET must be set together',
    );
  });
});
