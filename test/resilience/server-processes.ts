/**
 * App instances as real server processes: `apps/server/src/main.ts`, configured through the
 * environment exactly like `npm start`, on 127.0.0.1. Ready means `/readyz` answered 200.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/testing/ports.ts';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const READY_TIMEOUT_MS = 60_000;

// Should the runner itself stop early, no server it started outlives it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  /** True until the process exits. */
  alive(): boolean;
  /** What the process printed (last 64 KB), for failure messages. */
  output(): string;
  /** SIGTERM: graceful shutdown. Resolves with the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: the process dies at once, mid-request if need be. */
  kill(): Promise<void>;
}

async function waitForExit(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Starts one instance with `env` on top of a quiet, test-mode environment, and waits until it is ready. */
export async function startServerProcess(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const listenPort = port ?? (await freePort());
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(listenPort),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${listenPort}`;
  const server: ServerProcess = {
    url,
    port: listenPort,
    pid: child.pid!,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      return waitForExit(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await waitForExit(child);
    },
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill();
  throw new Error(`server not ready after ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
}
