import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';
const token = readFileSync('/tmp/bench-token', 'utf8');
const url = process.argv[2] ?? 'http://127.0.0.1:4555/auth/v1/user';
const r = await autocannon({ url, headers: { authorization: `Bearer ${token}` }, connections: 10, duration: 6 });
console.log(url, Math.round(r.requests.average), 'req/s total', r.requests.total, 'p50', r.latency.p50, 'p99', r.latency.p99, 'non2xx', r.non2xx);
