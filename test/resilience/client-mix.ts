/**
 * What many clients do at once, and the proof that nothing they were told was saved got lost:
 * seeding clients with records and jobs, the realistic request mix, and a ledger of every write
 * with what its answer said.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { type Config, loadConfig } from '../../apps/server/src/config.ts';
import type { Db } from '../../apps/server/src/db/database.ts';
import { createClientsService } from '../../apps/server/src/modules/clients/service.ts';
import { importJobs } from '../../apps/server/src/modules/jobs/import.ts';
import { signInForTest } from '../../apps/server/src/testing/auth.ts';
import { onboardClient } from '../../apps/server/src/testing/clients.ts';
import { completeRecord } from '../../apps/server/src/testing/onboarding-record.ts';
import type { Call, HttpClient, Outcome, Recorder } from './http-load.ts';

export interface LoadClient {
  email: string;
  userId: string;
  headers: Record<string, string>;
  recordId: string;
  /** The stored resume the record points at; saves send it back unchanged. */
  resumePath: string;
  jobIds: string[];
}

/** The configuration an instance gets from `env`, as a quiet test-mode process would read it. */
export function configFrom(env: Record<string, string>): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
}

export interface Seeded {
  clients: LoadClient[];
  /** A staff member's authorization header. */
  staff: Record<string, string>;
}

/**
 * Signs `count` clients and one staff member in, saves each client's finished onboarding record
 * and gives each `jobsEach` jobs, through the app in this process; the server processes started
 * afterwards on the same database and data folder accept the same tokens.
 */
export async function seedClients(config: Config, count: number, jobsEach: number): Promise<Seeded> {
  const app = await buildApp({ config, webDist: path.join(config.dataDir, 'no-web') });
  try {
    const staff = (await signInForTest(app, 'operator@company.test', { firstName: 'Op', lastName: 'Staff' }))
      .authHeader;
    const clients: LoadClient[] = [];
    for (let i = 0; i < count; i++) {
      const email = `client-${i}@example.com`;
      const { userId, headers, resumePath } = await onboardClient(app, email, {
        record: { first_name: 'Load', last_name: `Client ${i}`, goals: 'seed' },
      });
      const saved = await app.inject({ url: '/api/onboarding-submissions', headers });
      const jobs = Array.from({ length: jobsEach }, (_, n) => ({
        job_uid: `${i}-${n}`,
        data_job_title: `Engineer ${n}`,
      }));
      await importJobs(app.db, createClientsService(app.db.kysely), {
        client_id: userId,
        format: 'json',
        content: JSON.stringify(jobs),
      });
      const rows = await app.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('client_id', '=', userId)
        .orderBy('job_uid')
        .execute();
      clients.push({
        email,
        userId,
        headers,
        recordId: saved.json().data[0].id,
        resumePath: resumePath!,
        jobIds: rows.map((row) => row.id),
      });
    }
    return { clients, staff };
  } finally {
    await app.close();
  }
}

/**
 * Every write and what its answer said. An acknowledged write must be in the database; a write
 * without an answer (or with a 5xx) may or may not be; a refused one (4xx) must not be.
 */
export class WriteLedger {
  readonly #values = new Map<string, { acked: string | null; possible: Set<string> }>();
  readonly #appended = { acked: new Set<string>(), possible: new Set<string>() };
  acknowledged = 0;

  /** `initial` is what the database held before the first write of `key`. */
  written(key: string, value: string, initial: string | null, outcome: Outcome): void {
    const entry = this.#values.get(key) ?? { acked: initial, possible: new Set<string>() };
    this.#values.set(key, entry);
    if (outcome.status !== null && outcome.status < 300) {
      entry.acked = value;
      entry.possible.clear();
      this.acknowledged++;
    } else if (outcome.status === null || outcome.status >= 500) {
      entry.possible.add(value);
    }
  }

  /** The value the next write of `key` should change (jobs start pending, records with 'seed'). */
  last(key: string, initial: string): string {
    return this.#values.get(key)?.acked ?? initial;
  }

  appended(value: string, outcome: Outcome): void {
    if (outcome.status !== null && outcome.status < 300) {
      this.#appended.acked.add(value);
      this.acknowledged++;
    } else if (outcome.status === null || outcome.status >= 500) this.#appended.possible.add(value);
  }

  /** Problems found comparing the database with the ledger; empty when every acknowledged write is there. */
  async check(db: Db): Promise<string[]> {
    const stored = new Map<string, string | null>();
    for (const row of await db.kysely
      .selectFrom('onboarding_submissions')
      .select(['user_id', 'goals'])
      .execute()) {
      stored.set(`goals:${row.user_id}`, row.goals);
    }
    for (const row of await db.kysely
      .selectFrom('jobs')
      .select(['id', 'client_approval', 'client_notes'])
      .execute()) {
      stored.set(`approval:${row.id}`, row.client_approval);
      stored.set(`notes:${row.id}`, row.client_notes);
    }
    const problems: string[] = [];
    for (const [key, { acked, possible }] of this.#values) {
      const value = stored.get(key) ?? null;
      if (value !== acked && !possible.has(value ?? '')) {
        problems.push(
          `${key}: the database has ${JSON.stringify(value)}, the last acknowledged write ${JSON.stringify(acked)}`,
        );
      }
    }
    const feedback = new Set(
      (await db.kysely.selectFrom('onboarding_feedback').select('text').execute()).map((row) => row.text),
    );
    for (const text of this.#appended.acked) {
      if (!feedback.has(text)) problems.push(`acknowledged feedback ${JSON.stringify(text)} is missing`);
    }
    return problems;
  }
}

export type Action = 'list' | 'check' | 'save' | 'toggle' | 'notes' | 'feedback';

/** The client area under real use: mostly reading jobs and the profile, often saving. */
export const REALISTIC_MIX: Record<Action, number> = {
  list: 30,
  check: 20,
  save: 20,
  toggle: 15,
  notes: 15,
  feedback: 0,
};
/** Nothing but writes, of every kind. */
export const WRITE_STORM: Record<Action, number> = {
  list: 0,
  check: 0,
  save: 30,
  toggle: 25,
  notes: 25,
  feedback: 20,
};

function pick(weights: Record<Action, number>): Action {
  const entries = Object.entries(weights) as [Action, number][];
  let roll = Math.random() * entries.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [action, weight] of entries) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return entries[0]![0];
}

/**
 * One step of one client: an action drawn from `weights`, sent, recorded in `figures`, and, for a
 * write, in `ledger`. Values are unique per client and step, so the database shows which write won.
 */
export function clientStep(
  http: HttpClient,
  figures: Recorder,
  ledger: WriteLedger,
  weights: Record<Action, number>,
) {
  const etags = new Map<string, string>();
  const run = randomUUID().slice(0, 8);
  let sequence = 0;
  const send = async (call: Call) => {
    const outcome = await http.send(call);
    figures.record(call, outcome);
    return outcome;
  };
  return async (client: LoadClient, index: number): Promise<void> => {
    const mark = `${run}-${index}-${++sequence}`;
    const job = client.jobIds[sequence % client.jobIds.length]!;
    switch (pick(weights)) {
      case 'list': {
        const etag = etags.get(client.userId);
        const outcome = await send({
          route: 'GET /api/my-jobs',
          method: 'GET',
          path: '/api/my-jobs',
          headers: { ...client.headers, ...(etag && sequence % 2 ? { 'if-none-match': etag } : {}) },
          expect: [200, 304],
        });
        if (typeof outcome.headers.etag === 'string') etags.set(client.userId, outcome.headers.etag);
        return;
      }
      case 'check':
        await send({
          route: 'GET /api/onboarding-submissions/check-complete',
          method: 'GET',
          path: '/api/onboarding-submissions/check-complete',
          headers: client.headers,
        });
        return;
      case 'save': {
        const goals = `goals ${mark}`;
        const outcome = await send({
          route: 'PUT /api/onboarding-submissions/:id',
          method: 'PUT',
          path: `/api/onboarding-submissions/${client.recordId}`,
          headers: client.headers,
          body: completeRecord({ email_address: client.email, goals, resume: client.resumePath }),
        });
        ledger.written(`goals:${client.userId}`, goals, 'seed', outcome);
        return;
      }
      case 'toggle': {
        const next = ledger.last(`approval:${job}`, 'pending') === 'pending' ? 'rejected' : 'pending';
        const outcome = await send({
          route: 'PUT /api/my-jobs/:id/approval',
          method: 'PUT',
          path: `/api/my-jobs/${job}/approval`,
          headers: client.headers,
          body: { client_approval: next },
        });
        ledger.written(`approval:${job}`, next, 'pending', outcome);
        return;
      }
      case 'notes': {
        const notes = `notes ${mark}`;
        const outcome = await send({
          route: 'PUT /api/my-jobs/:id/notes',
          method: 'PUT',
          path: `/api/my-jobs/${job}/notes`,
          headers: client.headers,
          body: { client_notes: notes },
        });
        ledger.written(`notes:${job}`, notes, null, outcome);
        return;
      }
      case 'feedback': {
        const text = `feedback ${mark}`;
        const outcome = await send({
          route: 'POST /api/onboarding-feedback',
          method: 'POST',
          path: '/api/onboarding-feedback',
          headers: client.headers,
          body: { text },
          expect: [201],
        });
        ledger.appended(text, outcome);
        return;
      }
    }
  };
}
