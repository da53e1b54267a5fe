import autocannon from 'autocannon';
import { startJobsServers } from './jobs.ts';

const servers = await startJobsServers();
const auth = { authorization: `Bearer ${servers.app.accessToken}` };
async function run(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, headers, connections: 10, duration: 5 });
  return { rps: result.requests.average, non2xx: result.non2xx, errors: result.errors, '3xx': result['3xx'] };
}
const first = await fetch(`http://127.0.0.1:${servers.app.port}/api/my-jobs`, { headers: auth });
const etag = first.headers.get('etag')!;
const body = await first.text();
const bare = await (await fetch(`http://127.0.0.1:${servers.bare.port}/list`)).text();
console.log('same body', body === bare, body.length, bare.length);
console.log('app list', await run(`http://127.0.0.1:${servers.app.port}/api/my-jobs`, auth));
console.log('bare list', await run(`http://127.0.0.1:${servers.bare.port}/list`));
console.log('app 304', await run(`http://127.0.0.1:${servers.app.port}/api/my-jobs`, { ...auth, 'if-none-match': etag }));
console.log('bare fixed', await run(`http://127.0.0.1:${servers.bare.port}/fixed`));
servers.stop();
