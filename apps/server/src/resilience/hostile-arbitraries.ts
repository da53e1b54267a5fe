import { validateHeaderValue } from 'node:http';
import fc from 'fast-check';
import { docxBytes, pdfBytes, windowsExecutableBytes } from '../testing/documents.ts';
import { type FormPart, multipartBody } from './multipart.ts';

/**
 * fast-check generators of what an attacker (or a broken client) sends: wrong types, huge and
 * strange text, prototype-pollution keys, SQL and HTML fragments, broken encodings and uploads.
 */

const FRAGMENTS = [
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "1' UNION SELECT password FROM users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  'C:\\con\\aux',
  '\u0000',
  'nul\u0000byte',
  '\u202egnp.exe',
  '\u200b\u200d\ufeff',
  '\ud800',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as plain text
  '${7*7}',
  '{{constructor.constructor("return process")()}}',
  '%s%s%s%n',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x7fffffff',
  '[]',
  '{}',
  '\r\nSet-Cookie: admin=1',
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗',
  'ǅungla',
  'a@b',
  'x'.repeat(321),
];

const HUGE = ['A'.repeat(70_000), '💥'.repeat(20_000), '<'.repeat(100_000)];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 4, arbitrary: fc.constantFrom(...FRAGMENTS) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE) },
);

/** JSON as a tree, so objects can carry keys such as `__proto__` as plain data. */
export type Json = null | boolean | number | string | Json[] | { entries: [string, Json][] };

const POLLUTING_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...POLLUTING_KEYS),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(...FRAGMENTS.slice(0, 12)),
);

const scalar: fc.Arbitrary<Json> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308, -1),
);

export const hostileJson: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.array(fc.tuple(hostileKey, tie('value')), { maxLength: 4 }).map((entries) => ({ entries }) as Json),
  ),
})).value;

export function serializeJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(serializeJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${serializeJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function toJson(value: unknown): Json {
  if (Array.isArray(value)) return value.map(toJson);
  if (value !== null && typeof value === 'object') {
    return { entries: Object.entries(value).map(([key, item]) => [key, toJson(item)]) };
  }
  return (value as Json) ?? null;
}

/** A valid body with some of its values swapped for hostile ones and hostile keys added. */
export function mutatedBody(valid: Record<string, unknown>): fc.Arbitrary<Json> {
  const keys = Object.keys(valid);
  return fc
    .record({
      replaced: fc.subarray(keys),
      replacement: hostileJson,
      extra: fc.array(fc.tuple(hostileKey, hostileJson), { maxLength: 3 }),
      pollution: fc.constantFrom<[string, Json][]>(
        [],
        [
          [
            '__proto__',
            {
              entries: [
                ['isStaff', true],
                ['role', 'staff'],
              ],
            },
          ],
        ],
        [['constructor', { entries: [['prototype', { entries: [['role', 'staff']] }]] }]],
      ),
    })
    .map(({ replaced, replacement, extra, pollution }) => ({
      entries: [
        ...Object.entries(valid).map(
          ([key, value]) => [key, replaced.includes(key) ? replacement : toJson(value)] as [string, Json],
        ),
        ...extra,
        ...pollution,
      ],
    }));
}

export const hostileContentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/json; boundary=x; charset="\u00ff"',
);

/** A body for a JSON route: hostile JSON, a valid body gone wrong, or text that is not JSON at all. */
export function hostileJsonBody(valid: unknown): fc.Arbitrary<{ payload: string; contentType: string }> {
  const validText = valid === undefined ? '{}' : JSON.stringify(valid);
  const text = fc.oneof(
    hostileJson.map(serializeJson),
    ...(valid && typeof valid === 'object' && !Array.isArray(valid)
      ? [mutatedBody(valid as Record<string, unknown>).map(serializeJson)]
      : []),
    fc.nat({ max: validText.length }).map((cut) => validText.slice(0, cut)),
    hostileString,
  );
  return fc.record({ payload: text, contentType: hostileContentType });
}

/** Percent-encodes text; lone surrogates (which URLs cannot carry) become U+FFFD first. */
const encode = (text: string) => encodeURIComponent(text.toWellFormed());

const percentJunk = fc.constantFrom(
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '%2e%2e%2f',
  '%C0%AE',
  '%uD800',
  '%25%32%65',
);

/** One path segment: hostile text, encoded, or raw broken percent-encoding. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((text) => text.length > 0).map(encode),
  percentJunk,
  fc.constantFrom('..', '.', '%2F', 'a%2Fb', '*', ';', '~'),
);

/** A query string: the valid one with values swapped, plus hostile keys, repeats and broken encodings. */
export function hostileQuery(valid: URLSearchParams): fc.Arbitrary<string> {
  const pair = fc.oneof(
    fc.tuple(hostileKey, hostileString).map(([key, value]) => `${encode(key)}=${encode(value)}`),
    fc.constantFrom(
      '__proto__[role]=staff',
      'constructor[prototype][role]=staff',
      'email[]=a@b.c&email[]=d@e.f',
      'email=a@b.c&email=d@e.f',
      'limit=-1',
      'limit=1e9',
      'applied=maybe',
      'refreshed_from=2024-02-30',
    ),
    percentJunk.map((junk) => `q=${junk}`),
  );
  const validKeys = [...valid.keys()];
  return fc
    .record({
      keep: fc.subarray(validKeys),
      swapped: fc
        .subarray(validKeys)
        .chain((keys) => fc.tuple(...keys.map((key) => hostileString.map((value) => [key, value] as const)))),
      extra: fc.array(pair, { maxLength: 3 }),
    })
    .map(({ keep, swapped, extra }) =>
      [
        ...keep.map((key) => `${encode(key)}=${encode(valid.get(key) ?? '')}`),
        ...swapped.map(([key, value]) => `${encode(key)}=${encode(value)}`),
        ...extra,
      ].join('&'),
    );
}

const headerSafe = hostileString.filter((value) => {
  try {
    validateHeaderValue('x', value);
    return true;
  } catch {
    return false;
  }
});

/** Extra request headers, each present or not. Only values a real HTTP server could receive. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    accept: fc.oneof(headerSafe, fc.constantFrom('text/html', '*/*', 'application/json;q=0')),
    'accept-encoding': fc.constantFrom('gzip, br', 'identity;q=0, *;q=0', 'x-unknown'),
    'if-none-match': fc.oneof(headerSafe, fc.constantFrom('*', 'W/"x"', '"a", W/"b"')),
    'x-request-id': headerSafe,
    cookie: headerSafe.map((value) => `refresh_token=${value}; login_state=${value}`),
    'x-forwarded-for': headerSafe,
    authorization: fc.oneof(
      headerSafe,
      fc.constantFrom('Bearer', 'Bearer ', 'Basic YWRtaW46YWRtaW4=', 'Bearer eyJhbGciOiJub25lIn0.e30.'),
    ),
  },
  { requiredKeys: [] },
);

const fileNames = fc.oneof(
  fc.constantFrom(
    'resume.pdf',
    'cover.docx',
    'old.doc',
    '../../../etc/passwd.pdf',
    '..\\..\\evil.pdf',
    '<script>alert(1)</script>.pdf',
    `${'a'.repeat(1000)}.pdf`,
    'résumé 📄.docx',
    'nul\u0000.pdf',
    '.pdf',
    '',
    'resume.pdf.exe',
    'resume.PDF',
  ),
  hostileString,
);

const fileBytes = fc.oneof(
  fc.constant(pdfBytes()),
  fc.constant(docxBytes()),
  fc.constant(windowsExecutableBytes()),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
  fc.nat({ max: 400 }).map((cut) => pdfBytes().subarray(0, cut)),
  fc.constant(Buffer.alloc(5 * 1024 * 1024 + 1, 0x25)),
);

const formPart: fc.Arbitrary<FormPart> = fc.oneof(
  fc.record({
    name: fc.constantFrom('file', 'file', 'document', ''),
    value: fileBytes,
    filename: fileNames.map((name) => name.replace(/["\r\n]/g, '')),
    contentType: fc.constantFrom('application/pdf', 'application/octet-stream', 'text/html', 'image/svg+xml'),
  }),
  fc.record({
    name: fc.constantFrom('folder', 'folder', 'path', 'userId', '__proto__'),
    value: fc.oneof(
      fc.constantFrom('resumes', 'cover-letters', 'uploads', '../..', 'resumes/../../x'),
      hostileString,
    ),
  }),
);

/**
 * A multipart upload: any parts in any order, sometimes cut short (an upload that broke off), sometimes
 * with a boundary that does not match its header.
 */
export const hostileUpload: fc.Arbitrary<{ payload: Buffer; contentType: string }> = fc
  .record({
    parts: fc.array(formPart, { maxLength: 6 }),
    cut: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { freq: 3 }),
    wrongBoundary: fc.boolean(),
  })
  .map(({ parts, cut, wrongBoundary }) => {
    const form = multipartBody(parts);
    const payload =
      cut === null ? form.payload : form.payload.subarray(0, Math.floor(form.payload.length * cut));
    return {
      payload,
      contentType: wrongBoundary ? 'multipart/form-data; boundary=not-the-one' : form.contentType,
    };
  });
