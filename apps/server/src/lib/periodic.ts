import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` now and then every `intervalMs`, never two at once (a run still going when the
 * timer fires is left to finish; the next tick starts the next run). A run that fails is given
 * to `onError` and tried again on the next tick. The timer never keeps the process alive.
 * Answers a function that stops it and waits for a run under way, so a task never outlives
 * what it uses (the database).
 */
export function startPeriodic(task: () => Promise<unknown>, intervalMs: number, onError: (error: unknown) => void): () => Promise<void> {
  let current: Promise<void> | null = null;
  const tick = () => {
    current ??= task()
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await current;
  };
}

/** Starts a periodic task once the app is ready (`start` answers its stop) and stops it, waiting for a run under way, when the app closes. */
export function whileOpen(app: FastifyInstance, start: () => () => Promise<void>): void {
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = start();
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
