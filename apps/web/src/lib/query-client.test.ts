import { MutationObserver, onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createAppQueryClient } from './query-client.ts';

afterEach(() => onlineManager.setOnline(true));

describe('the app query client while the browser says it is offline', () => {
  it('sends a write, whose failure is then reported, instead of holding it unseen', async () => {
    onlineManager.setOnline(false);
    const client = createAppQueryClient();
    const write = new MutationObserver(client, {
      mutationFn: async () => {
        throw new Error('Failed to fetch');
      },
    });
    await expect(write.mutate()).rejects.toThrow('Failed to fetch');
    expect(write.getCurrentResult().isError).toBe(true);
  });

  it('sends a read, whose failure is then reported, instead of spinning', async () => {
    onlineManager.setOnline(false);
    const client = createAppQueryClient();
    const read = new QueryObserver(client, {
      queryKey: ['offline-read'],
      queryFn: async () => {
        throw new Error('Failed to fetch');
      },
      retry: false,
    });
    const settled = new Promise<void>((resolve) =>
      read.subscribe((result) => {
        if (result.isError) resolve();
      }),
    );
    await settled;
    expect(read.getCurrentResult().fetchStatus).toBe('idle');
  });
});
