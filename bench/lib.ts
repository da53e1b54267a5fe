/**
 * The benchmark toolkit: load a URL with autocannon (`measure`), judge it against a baseline
 * measured in the same run (`compare`), print the verdicts (`report`), and run servers in child
 * processes (`startServer`, `serveInChild`) so the load generator never shares their event loop; `benchAppConfig`
 * configures the app such a server runs.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { Server } from 'node:http';
import autocannon, { type Result } from 'autocannon';
import { type Config, loadConfig } from '../apps/server/src/config.ts';

export interface Target {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** 304 for a revalidation that must come back unchanged; otherwise any 2xx answer counts. */
  expect?: 304;
}

export interface Measurement {
  name: string;
  requestsPerSecond: number;
  /** Milliseconds. */
  p50: number;
  /** Milliseconds. */
  p99: number;
  requests: number;
  /** Connection errors, timeouts and answers outside 2xx: any of them makes the numbers meaningless. */
  failures: number;
}

export interface MeasureOptions {
  /** Seconds of measured load; BENCH_DURATION overrides the default of 10. */
  duration?: number;
  /** Seconds of unmeasured load first, so both sides are compared warm. */
  warmup?: number;
  connections?: number;
}

const defaultDuration = Number(process.env.BENCH_DURATION ?? 10);

function load(target: Target, duration: number, connections: number) {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections,
    duration,
  });
}

function toMeasurement(name: string, target: Target, result: Result): Measurement {
  // autocannon counts a 304 as a non-2xx answer; for a revalidation every other answer is the failure.
  const unexpected = target.expect === 304 ? result.requests.total - result['3xx'] : result.non2xx;
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failures: result.errors + result.timeouts + unexpected,
  };
}

/** Loads `target` and reports throughput and latency. */
export async function measure(
  name: string,
  target: Target,
  options: MeasureOptions = {},
): Promise<Measurement> {
  const connections = options.connections ?? 10;
  const warmup = options.warmup ?? 2;
  if (warmup > 0) await load(target, warmup, connections);
  return toMeasurement(name, target, await load(target, options.duration ?? defaultDuration, connections));
}

/**
 * Measures a subject and its baseline in alternating rounds (the duration split between them) and
 * keeps each side's best round, so a burst of unrelated load on the machine does not decide the
 * ratio. Failed requests from every round are counted.
 */
export async function measurePair(
  subject: { name: string; target: Target },
  baseline: { name: string; target: Target },
  options: MeasureOptions & { rounds?: number } = {},
): Promise<[Measurement, Measurement]> {
  const rounds = options.rounds ?? 4;
  const connections = options.connections ?? 10;
  const roundDuration = (options.duration ?? defaultDuration) / rounds;
  const warmup = options.warmup ?? 2;
  const sides = [subject, baseline].map((side) => ({
    ...side,
    best: undefined as Measurement | undefined,
    failures: 0,
  }));
  if (warmup > 0) for (const side of sides) await load(side.target, warmup, connections);
  for (let round = 0; round < rounds; round++) {
    for (const side of sides) {
      const measurement = toMeasurement(
        side.name,
        side.target,
        await load(side.target, roundDuration, connections),
      );
      side.failures += measurement.failures;
      if (!side.best || measurement.requestsPerSecond > side.best.requestsPerSecond) side.best = measurement;
    }
  }
  const [subjectResult, baselineResult] = sides.map((side) => ({ ...side.best!, failures: side.failures }));
  return [subjectResult!, baselineResult!];
}

/** A budget and whether it was met. Scenarios that are not ratios (Lighthouse) print their own figures. */
export interface Verdict {
  scenario: string;
  pass: boolean;
}

export interface Comparison extends Verdict {
  subject: Measurement;
  baseline: Measurement;
  /** subject requests per second ÷ baseline requests per second. */
  ratio: number;
  /** The least ratio that passes. */
  budget: number;
}

/** Judges `subject` against `baseline`; a run with failed requests never passes. */
export function compare(
  scenario: string,
  subject: Measurement,
  baseline: Measurement,
  budget: number,
): Comparison {
  const ratio = baseline.requestsPerSecond > 0 ? subject.requestsPerSecond / baseline.requestsPerSecond : 0;
  const clean = subject.failures === 0 && baseline.failures === 0 && subject.requests > 0;
  return { scenario, subject, baseline, ratio, budget, pass: clean && ratio >= budget };
}

const row = (measurement: Measurement) =>
  `  ${measurement.name.padEnd(34)} ${measurement.requestsPerSecond.toFixed(0).padStart(8)} req/s   p50 ${measurement.p50
    .toFixed(1)
    .padStart(
      6,
    )} ms   p99 ${measurement.p99.toFixed(1).padStart(6)} ms${measurement.failures ? `   ${measurement.failures} failed requests` : ''}`;

/** Prints every comparison with its verdict, then which budgets were missed; true when all were met. */
export function report(verdicts: Verdict[]): boolean {
  const comparisons = verdicts.filter((verdict): verdict is Comparison => 'ratio' in verdict);
  for (const comparison of comparisons) {
    console.log(`\n${comparison.scenario}`);
    console.log(row(comparison.subject));
    console.log(row(comparison.baseline));
    console.log(
      `  ratio ${comparison.ratio.toFixed(2)} (budget: at least ${comparison.budget} of the baseline's requests per second) ${comparison.pass ? 'PASS' : 'FAIL'}`,
    );
  }
  const failed = verdicts.filter((verdict) => !verdict.pass);
  console.log(
    failed.length === 0
      ? `\nAll ${verdicts.length} budgets met.`
      : `\n${failed.length} of ${verdicts.length} budgets missed: ${failed.map((item) => item.scenario).join(', ')}`,
  );
  return failed.length === 0;
}

/**
 * Runs `module` in a child process with `args` and resolves with the message it sends once it
 * listens (typically its port). The module should send exactly one message when ready.
 */
export function startServer<Ready>(module: URL, args: string[]): Promise<{ ready: Ready; stop(): void }> {
  const child: ChildProcess = fork(module, args, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`benchmark server ${module.pathname} exited with ${code}`));
    child.once('exit', onExit);
    child.once('message', (ready) => {
      child.off('exit', onExit);
      resolve({ ready: ready as Ready, stop: () => child.kill() });
    });
  });
}

/**
 * The child's side of `startServer`: when `meta` is the module Node was started with, starts the
 * server its first argument names (given the remaining arguments) and sends the parent what it answers.
 * Imported by the runner, it does nothing.
 */
export async function serveInChild(
  meta: ImportMeta,
  servers: Record<string, (...args: string[]) => Promise<unknown>>,
): Promise<void> {
  if (!meta.main) return;
  const [name = '', ...args] = process.argv.slice(2);
  const serve = servers[name];
  if (!serve) throw new Error(`no server called '${name}' in ${meta.url}`);
  process.send?.(await serve(...args));
}

/** Listens on a free port of the loopback interface, and answers the port. */
export async function listenOnLoopback(server: Server): Promise<number> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the server has no address');
  return address.port;
}

/**
 * The configuration of an app a scenario measures: quiet, on its own embedded database in `dataDir`,
 * on any free port. The per-user API limit still runs on every request; its budget is just out of reach.
 */
export function benchAppConfig(dataDir: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PORT: '0',
    API_RATE_LIMIT_PER_MINUTE: String(1e9),
    ...overrides,
  });
}
