import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { GONE_MEANWHILE_MESSAGE, installErrorHandler } from './errors.ts';

describe('a write naming a row deleted while the request ran', () => {
  it.each([
    ['PostgreSQL', { code: '23503' }],
    ['SQLite', { code: 'ERR_SQLITE_ERROR', errcode: 787 }],
  ])('answers 404 on %s, not 500', async (_database, failure) => {
    const app = Fastify();
    installErrorHandler(app);
    app.post('/write', async () => {
      throw Object.assign(new Error('FOREIGN KEY constraint failed'), failure);
    });
    const response = await app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: GONE_MEANWHILE_MESSAGE });
    await app.close();
  });
});
