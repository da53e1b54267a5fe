import { describe, expect, it } from 'vitest';
import { describeActivity } from './activity.ts';

describe('an activity entry in words', () => {
  it('says what came of an e-mail staff sent: sent, queued or tried and refused', () => {
    const sent = (status: string) => ({
      action: 'email.sent' as const,
      detail: { kind: 'welcome', status, summary: `Welcome e-mail, ${status}` },
    });
    expect(describeActivity(sent('sent'))).toBe('Sent an e-mail: Welcome e-mail, sent');
    expect(describeActivity(sent('queued'))).toBe('Queued an e-mail: Welcome e-mail, queued');
    expect(describeActivity(sent('failed'))).toBe('Tried to send an e-mail: Welcome e-mail, failed');
  });

  it("keeps the action's own words for every other entry, with the summary when there is one", () => {
    expect(describeActivity({ action: 'email.retried', detail: { status: 'queued', summary: 'x' } })).toBe(
      'Retried an e-mail: x',
    );
    expect(describeActivity({ action: 'client.opened', detail: {} })).toBe('Opened the client');
    expect(describeActivity({ action: 'email.sent', detail: { status: 'toString' } })).toBe('Sent an e-mail');
  });
});
