import type { FastifyInstance } from 'fastify';

/**
 * Where the server's areas meet: each module registers its routes here, in one place, so the
 * route table (and the access matrix test built from it) is easy to read.
 */
export async function registerModules(_app: FastifyInstance): Promise<void> {}
