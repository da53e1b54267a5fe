import { describe, expect, it } from 'vitest';
import {
  type BoardRow,
  planWelcomeBatch,
  summariseWelcomeBatch,
  welcomeBatchBodySchema,
  welcomeStateOf,
} from './clients-board.ts';

function row(id: string, onboarding: BoardRow['onboarding']['state'], welcome: BoardRow['welcome']['state']) {
  return {
    id,
    kind: 'user',
    name: id,
    email: `${id}@example.com`,
    onboarding: { state: onboarding, step: null, at: null },
    welcome: { state: welcome, at: null },
    filters: 0,
    jobs: 0,
    applied_recent: 0,
    last_active: null,
  } satisfies BoardRow;
}

describe('a welcome e-mail batch', () => {
  it('goes to everyone who started onboarding and says who gets which version', () => {
    const plan = planWelcomeBatch([
      row('ada', 'complete', 'not_sent'),
      row('bo', 'in_progress', 'not_sent'),
      row('cy', 'complete', 'sent'),
      row('di', 'not_started', 'not_sent'),
    ]);
    expect(plan.recipients.map((client) => client.id)).toEqual(['ada', 'bo', 'cy']);
    expect(plan.notStarted.map((client) => client.id)).toEqual(['di']);
    expect(plan.unfinished).toBe(1);
    expect(plan.sentBefore).toBe(1);
  });

  it('is summed up in one line, naming only what happened', () => {
    expect(summariseWelcomeBatch([{ outcome: 'sent' }, { outcome: 'sent' }])).toBe(
      'Welcome e-mail sent to 2 clients.',
    );
    expect(
      summariseWelcomeBatch([
        { outcome: 'sent' },
        { outcome: 'queued' },
        { outcome: 'failed' },
        { outcome: 'not_sent' },
        { outcome: 'not_sent' },
      ]),
    ).toBe(
      'Welcome e-mail sent to 1 client, queued for 1 client, refused by the mail server for 1 client, not sent to 2 clients.',
    );
  });

  it('names one to a hundred clients', () => {
    const refusal = (ids: string[]) =>
      welcomeBatchBodySchema.safeParse({ client_ids: ids }).error?.issues[0]?.message;
    expect(refusal([])).toBe('Choose at least one client.');
    expect(refusal(Array.from({ length: 101 }, (_, index) => `c${index}`))).toBe(
      'Choose at most 100 clients at once.',
    );
    expect(refusal(Array.from({ length: 100 }, (_, index) => `c${index}`))).toBeUndefined();
  });
});

describe('the welcome column', () => {
  it('shows a message being sent as queued', () => {
    expect(['sent', 'failed', 'queued', 'sending', 'cancelled', null].map(welcomeStateOf)).toEqual([
      'sent',
      'failed',
      'queued',
      'queued',
      'not_sent',
      'not_sent',
    ]);
  });
});
