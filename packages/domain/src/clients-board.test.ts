import { describe, expect, it } from 'vitest';
import {
  type BoardRow,
  boardRowSchema,
  clientCount,
  clientLabel,
  clientName,
  planWelcomeBatch,
  summariseWelcomeBatch,
  welcomeBatchBodySchema,
  welcomeBeforeNotes,
  welcomeSentBefore,
  welcomeStateOf,
} from './clients-board.ts';

function row(
  id: string,
  onboarding: BoardRow['onboarding']['state'],
  welcome: BoardRow['welcome']['state'],
  everSent = welcome === 'sent',
) {
  return {
    id,
    kind: 'user',
    name: id,
    email: `${id}@example.com`,
    onboarding: { state: onboarding, step: null, at: null },
    welcome: { state: welcome, at: null, ever_sent: everSent },
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
      // Queued or refused before is not sent before.
      row('ed', 'complete', 'queued'),
      row('fay', 'complete', 'failed'),
    ]);
    expect(plan.recipients.map((client) => client.id)).toEqual(['ada', 'bo', 'cy', 'ed', 'fay']);
    expect(plan.notStarted.map((client) => client.id)).toEqual(['di']);
    expect(plan.unfinished).toBe(1);
    expect(plan.sentBefore).toBe(1);
    expect(plan.waiting).toBe(1);
    expect(plan.failedBefore).toBe(1);
    expect(welcomeBeforeNotes(plan)).toEqual([
      '1 of them has been sent one before.',
      '1 of them already has one waiting in the outbox.',
      '1 of them has a failed one in the outbox.',
    ]);
  });

  it('counts as sent before a client whose newest welcome e-mail waits or failed after one that went', () => {
    const plan = planWelcomeBatch([
      row('ada', 'complete', 'queued', true),
      row('bo', 'complete', 'failed', true),
      row('cy', 'complete', 'not_sent'),
    ]);
    expect(plan.sentBefore).toBe(2);
    expect(welcomeBeforeNotes(plan)).toEqual([
      '2 of them have been sent one before.',
      '1 of them already has one waiting in the outbox.',
      '1 of them has a failed one in the outbox.',
    ]);
  });

  it('names only the states some recipients are in, counted, and never those left out', () => {
    const plan = planWelcomeBatch([
      row('ada', 'complete', 'queued'),
      row('bo', 'in_progress', 'queued'),
      row('cy', 'not_started', 'queued'),
      row('di', 'complete', 'failed'),
      row('ed', 'complete', 'not_sent'),
    ]);
    expect(welcomeBeforeNotes(plan)).toEqual([
      '2 of them already have one waiting in the outbox.',
      '1 of them has a failed one in the outbox.',
    ]);
    expect(welcomeBeforeNotes(planWelcomeBatch([row('ed', 'complete', 'not_sent')]))).toEqual([]);
    expect(welcomeBeforeNotes({ sentBefore: 1200, waiting: 0, failedBefore: 2 })).toEqual([
      '1,200 of them have been sent one before.',
      '2 of them have a failed one in the outbox.',
    ]);
  });

  it('is summed up in one line, naming only what happened', () => {
    expect(summariseWelcomeBatch([{ outcome: 'queued' }, { outcome: 'queued' }])).toBe(
      'Welcome e-mail queued for 2 clients.',
    );
    expect(
      summariseWelcomeBatch([
        { outcome: 'queued' },
        { outcome: 'kept' },
        { outcome: 'not_sent' },
        { outcome: 'not_sent' },
        { outcome: 'error' },
      ]),
    ).toBe(
      'Welcome e-mail queued for 1 client, kept in the outbox for 1 client (SMTP not configured), not sent to 2 clients, left unfinished for 1 client.',
    );
    expect(clientCount(2500)).toBe('2,500 clients');
  });

  it('names a client by name, else by e-mail, and with both where two may share a name', () => {
    expect(clientName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(clientName({ name: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(clientLabel({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace (ada@example.com)',
    );
    expect(clientLabel({ name: '', email: 'ada@example.com' })).toBe('ada@example.com');
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
  it('says a client was sent one when the newest was, or an earlier one was', () => {
    expect(welcomeSentBefore({ state: 'sent', at: null, ever_sent: true })).toBe(true);
    expect(welcomeSentBefore({ state: 'queued', at: null, ever_sent: true })).toBe(true);
    expect(welcomeSentBefore({ state: 'failed', at: null, ever_sent: false })).toBe(false);
    expect(welcomeSentBefore({ state: 'not_sent', at: null, ever_sent: false })).toBe(false);
    // A row kept from before the flag existed reads as its state says.
    const kept = boardRowSchema.parse({
      ...row('ada', 'complete', 'sent'),
      welcome: { state: 'sent', at: null },
    });
    expect(welcomeSentBefore(kept.welcome)).toBe(true);
  });

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
