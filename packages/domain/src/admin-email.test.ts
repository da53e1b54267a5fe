import { describe, expect, it } from 'vitest';
import { canCancel, canRetry, OUTBOX_STATUSES } from './admin-email.ts';

describe('what staff can do to an outbox message', () => {
  it('retries a queued or failed one, and cancels only a queued one', () => {
    expect(OUTBOX_STATUSES.filter(canRetry)).toEqual(['queued', 'failed']);
    expect(OUTBOX_STATUSES.filter(canCancel)).toEqual(['queued']);
  });
});
