import { describe, expect, it } from 'vitest';
import { repeatAlone } from './repeat.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A task whose runs end when the test says, counting how many began. */
function heldTask() {
  const ends: (() => void)[] = [];
  return {
    run: () => new Promise<void>((resolve) => ends.push(resolve)),
    started: () => ends.length,
    finishLatest: () => ends.at(-1)?.(),
  };
}

describe('repeatAlone', () => {
  it('skips the ticks that come while a run is going, and stopping waits for that run', async () => {
    const task = heldTask();
    const repeating = repeatAlone(10, task.run, () => {});
    await expect.poll(task.started).toBe(1);
    await pause(60);
    expect(task.started()).toBe(1);

    task.finishLatest();
    await expect.poll(task.started).toBe(2);
    let stopped = false;
    const stopping = repeating.stop().then(() => {
      stopped = true;
    });
    await pause(30);
    expect(stopped).toBe(false);
    task.finishLatest();
    await stopping;
    await pause(30);
    expect(task.started()).toBe(2);
  });

  it('reports a failed run and runs again at the next tick', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const repeating = repeatAlone(
      10,
      async () => {
        runs += 1;
        throw new Error(`run ${runs} failed`);
      },
      (error) => errors.push(error),
    );
    await expect.poll(() => errors.length).toBeGreaterThanOrEqual(2);
    await repeating.stop();
    expect(String(errors[0])).toContain('run 1 failed');
  });
});
