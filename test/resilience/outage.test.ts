/**
 * Database outage: PostgreSQL goes away under load (a TCP proxy between the app and the shared
 * PostgreSQL cuts every connection and refuses new ones; the real server is never touched). The
 * app must answer 503 with a clear message at once, say not ready on /readyz, and recover by
 * itself when PostgreSQL returns, without a restart, sending the e-mail that waited in its outbox.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../../apps/server/src/errors.ts';
import { createTestSmtpServer } from '../../apps/server/src/testing/smtp.ts';
import { clientStep, configFrom, REALISTIC_MIX, seedClients, WriteLedger } from './client-mix.ts';
import { cleanupStack, createEnvironment, databaseKinds, report } from './environment.ts';
import {
  type Acceptance,
  type Call,
  expectedStatus,
  httpClient,
  LoadFigures,
  type Outcome,
  runUsers,
} from './http-load.ts';
import { startServerProcess } from './server-processes.ts';
import { startTcpProxy } from './tcp-proxy.ts';

const CLIENTS = 30;
const PHASE_MS = 3000;
/** "Fail fast": far below the pool's 3 s connection timeout, let alone a person's patience. */
const FAIL_FAST_P99_MS = 1000;
const UNAVAILABLE_BODY = JSON.stringify({ error: SERVICE_UNAVAILABLE_MESSAGE });

const unavailable: Acceptance = (_call, outcome) =>
  outcome.status === 503 && outcome.body === UNAVAILABLE_BODY;
const eitherWay: Acceptance = (call, outcome) => expectedStatus(call, outcome) || unavailable(call, outcome);

/**
 * The load's answers, filed by what the database was doing while each request was out: up, down,
 * or changing (a request that spans the cut or the return may get either answer).
 */
type Phase = 'up' | 'down' | 'recovered';

class PhasedFigures {
  phase: Phase | 'changing' = 'up';
  readonly up = new LoadFigures();
  readonly down = new LoadFigures(unavailable);
  readonly changing = new LoadFigures(eitherWay);
  readonly recovered = new LoadFigures();
  readonly #startedIn = new WeakMap<Outcome, string>();

  /** Wraps the client so each answer remembers the phase its request started in. */
  track(send: (call: Call) => Promise<Outcome>) {
    return async (call: Call) => {
      const started = this.phase;
      const outcome = await send(call);
      this.#startedIn.set(outcome, started === this.phase ? started : 'changing');
      return outcome;
    };
  }

  record(call: Call, outcome: Outcome): boolean {
    const phase = (this.#startedIn.get(outcome) ?? 'changing') as Phase | 'changing';
    return this[phase].record(call, outcome);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(50);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

function failures(figures: LoadFigures): string {
  const { errors, unexpected } = figures.totals();
  return errors + unexpected === 0
    ? ''
    : `${errors + unexpected} wrong answers:\n${figures.problems.join('\n')}`;
}

if (databaseKinds.includes('postgres')) {
  describe('database outage: PostgreSQL stops under load, then returns', () => {
    it('fails fast with 503, reports not ready, and recovers by itself without losing queued e-mail', async () => {
      const later = cleanupStack();
      try {
        const smtp = later.add(await createTestSmtpServer(), (server) => server.stop());
        const postgres = new URL(process.env.TEST_DATABASE_URL!);
        const proxy = later.add(
          await startTcpProxy({ host: postgres.hostname, port: Number(postgres.port || 5432) }),
          (started) => started.close(),
        );
        const environment = later.add(
          await createEnvironment('postgres', { SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '200' }),
          (made) => made.drop(),
        );
        const { clients, staff } = await seedClients(configFrom(environment.env), CLIENTS, 5);
        const server = later.add(
          await startServerProcess({
            ...environment.env,
            DATABASE_URL: proxy.via(environment.env.DATABASE_URL!),
          }),
          (started) => started.stop(),
        );
        const http = later.add(httpClient(server.url, CLIENTS + 2), (client) => client.close());
        const probe = (path: string, headers: Record<string, string> = {}) =>
          http.send({ route: `GET ${path}`, method: 'GET', path, headers });
        const figures = new PhasedFigures();
        const ledger = new WriteLedger();
        let stopped = false;
        const load = later.add(
          runUsers(
            clients,
            () => stopped,
            clientStep({ ...http, send: figures.track(http.send) }, figures, ledger, REALISTIC_MIX),
          ),
          async (running) => {
            stopped = true;
            await running;
          },
        );
        await sleep(PHASE_MS);

        // SMTP is down: the welcome e-mail waits in the outbox.
        const recipient = clients[0]!.email;
        const sent = await http.send({
          route: 'POST /api/admin/user-email-management',
          method: 'POST',
          path: '/api/admin/user-email-management',
          headers: staff,
          body: { email: recipient, action: 'send' },
        });
        assert.equal(sent.status, 200, sent.body);
        assert.equal(JSON.parse(sent.body).status, 'queued');

        figures.phase = 'changing';
        await proxy.outage();
        const outageAt = performance.now();
        figures.phase = 'down';
        await sleep(PHASE_MS);
        const readiness = await probe('/readyz');
        const health = await probe('/healthz');
        await smtp.start();

        figures.phase = 'changing';
        await proxy.recover();
        const recoveredAt = performance.now();
        const delivery = until('the queued welcome e-mail', 20_000, async () =>
          smtp.received.some((mail) => mail.to.includes(recipient)) ? performance.now() : undefined,
        );
        const readyAt = await until('/readyz to say ready again', 10_000, async () => {
          assert.ok(server.alive(), `the server died:\n${server.output()}`);
          return (await probe('/readyz')).status === 200 ? performance.now() : undefined;
        });
        figures.phase = 'recovered';
        await sleep(PHASE_MS);
        stopped = true;
        await load;

        assert.ok(server.alive(), `the server died:\n${server.output()}`);
        assert.equal(readiness.status, 503, readiness.error);
        assert.deepEqual(JSON.parse(readiness.body), {
          status: 'not ready',
          error: SERVICE_UNAVAILABLE_MESSAGE,
        });
        assert.equal(health.status, 200);
        for (const phase of ['up', 'down', 'changing', 'recovered'] as const) {
          assert.equal(failures(figures[phase]), '', `while the database was ${phase}`);
        }
        assert.ok(figures.down.totals().requests > CLIENTS * 10, 'the outage was not under load');
        const slowest = Math.max(...figures.down.routes().map((route) => route.p99));
        assert.ok(slowest < FAIL_FAST_P99_MS, `503s took up to ${slowest.toFixed(0)} ms at p99`);

        const delivered = await delivery;
        await sleep(1000);
        assert.equal(
          smtp.received.filter((mail) => mail.to.includes(recipient)).length,
          1,
          'sent more than once',
        );
        const outbox = await probe(`/api/admin/outbox?client_id=${clients[0]!.userId}`, staff);
        const welcome = JSON.parse(outbox.body).data.find(
          (mail: { kind: string }) => mail.kind === 'welcome',
        );
        assert.equal(welcome.status, 'sent');

        const count = (phase: 'up' | 'down' | 'changing' | 'recovered') => figures[phase].totals().requests;
        report(
          `database outage on postgres: ${CLIENTS} clients under load, PostgreSQL cut for ${((recoveredAt - outageAt) / 1000).toFixed(1)} s`,
          `  database up: ${count('up')} requests, all answered; during the cut or the return: ${count('changing')}, each answered or 503\n` +
            `  database down: ${count('down')} requests, every one 503 "${SERVICE_UNAVAILABLE_MESSAGE}"\n${figures.down.table(PHASE_MS / 1000)}\n` +
            `  /readyz while down: 503 not ready; /healthz: 200; ready again ${(readyAt - recoveredAt).toFixed(0)} ms after PostgreSQL returned, same process\n` +
            `  after the return: ${count('recovered')} requests, all answered\n` +
            `  the welcome e-mail queued before the cut was delivered once, ${(delivered - recoveredAt).toFixed(0)} ms after the return`,
        );

        await server.stop();
        const db = later.add(openDatabase(configFrom(environment.env).database), (opened) => opened.close());
        assert.deepEqual(await ledger.check(db), []);
        report(`database outage: all ${ledger.acknowledged} acknowledged writes are in the database`);
      } finally {
        await later.run();
      }
    });
  });
} else {
  report('database outage: not run, it needs PostgreSQL (set TEST_DATABASE_URL)');
}
