import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp({ config });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Serving on ${config.publicUrl}`);

  // SIGTERM/SIGINT (or a crash): stop accepting connections, let in-flight requests finish, close
  // the database; after 10 seconds the process exits anyway.
  closeWithGrace({ delay: 10_000, logger: false }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
