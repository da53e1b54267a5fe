import autocannon from 'autocannon';
import { fork } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-jobs-'));
const child = fork(new URL('./jobs.ts', import.meta.url), ['serve-app', dataDir], { execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/x/prof'] });
const ready = await new Promise<any>((r) => child.once('message', r));
const auth = { authorization: `Bearer ${ready.accessToken}` };
const url = `http://127.0.0.1:${ready.port}/api/my-jobs`;
const etag = (await fetch(url, { headers: auth })).headers.get('etag')!;
const result = await autocannon({ url, headers: { ...auth, 'if-none-match': etag }, connections: 10, duration: 12 });
console.log(result.requests.average, result['3xx']);
child.kill('SIGINT');
await new Promise((r) => child.once('exit', r));
