import type { FastifyInstance } from 'fastify';

/**
 * An outbox message's body as staff read it, through the real (logged) read. Anything but a 200
 * throws with the server's answer, so a message that was not found fails where it was asked for.
 */
export async function outboxBody(
  app: FastifyInstance,
  staff: Record<string, string>,
  id: string,
): Promise<string> {
  const response = await app.inject({ method: 'GET', url: `/api/admin/outbox/${id}`, headers: staff });
  if (response.statusCode !== 200) {
    throw new Error(`reading outbox message ${id} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json().data.html;
}
