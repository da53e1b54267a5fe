import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` every `everyMs`, one run at a time: a tick that finds the last run still going is
 * skipped, so slow runs never pile up. `stop` ends the ticks and waits for the run in progress. The
 * timer does not keep the process alive; a failed run goes to `onError` and the next tick runs anew.
 */
export function repeatAlone(
  everyMs: number,
  task: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { stop(): Promise<void> } {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = task()
      .catch(onError)
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * Runs `task` every `everyMs` (see repeatAlone) from the moment `app` is ready until it closes; a
 * failed run is logged as `failure` and the next tick runs anew.
 */
export function repeatWhileOpen(
  app: FastifyInstance,
  everyMs: number,
  task: () => Promise<unknown>,
  failure: string,
): void {
  let repeating: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    repeating = repeatAlone(everyMs, task, (error) => app.log.error({ err: error }, failure));
  });
  app.addHook('onClose', async () => repeating?.stop());
}
