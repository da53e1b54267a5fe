import { createServer } from 'node:net';

/**
 * A free TCP port on 127.0.0.1 (nothing listens on it until a server starts there), so a test or a
 * benchmark can know a server's address before it listens.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close(() => reject(new Error('no port')));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}
