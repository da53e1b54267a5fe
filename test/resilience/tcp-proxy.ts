/**
 * A TCP proxy between the app and PostgreSQL, so a test can take the database away without
 * touching the shared PostgreSQL server: `outage()` cuts every proxied connection and refuses new
 * ones (what the app sees when PostgreSQL stops), `recover()` accepts again.
 */
import { createConnection, createServer, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** `databaseUrl` with its host and port pointing at the proxy. */
  via(databaseUrl: string): string;
  outage(): Promise<void>;
  recover(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const server = createServer((client) => {
    const upstream = createConnection(target);
    track(client);
    track(upstream);
    client.pipe(upstream).pipe(client);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.once('error', cut);
    upstream.once('error', cut);
    client.once('close', cut);
    upstream.once('close', cut);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as { port: number };
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  return {
    port,
    via(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    async outage() {
      const closed = stopListening();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async recover() {
      if (!server.listening) await listen(port);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stopListening();
    },
  };
}
