import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.ts';

/** One message as the SMTP server received it. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface TestSmtpServer {
  url: string;
  port: number;
  received: ReceivedMail[];
  /** Starts listening (again) on the same port: "SMTP comes back". */
  start(): Promise<void>;
  /** Stops listening: "SMTP goes down"; connections are refused until start(). */
  stop(): Promise<void>;
  /**
   * Refuses every message after DATA with this reply (554: rejected for good, 451: try later), as a
   * spam filter or a full mailbox would; null accepts them again.
   */
  refuseMessages(reply: { code: number; message: string } | null): void;
}

/**
 * An in-process SMTP server on 127.0.0.1 (plain SMTP, no authentication) that keeps every message
 * it accepts. It is created stopped, so tests decide when SMTP is up.
 */
export async function createTestSmtpServer(): Promise<TestSmtpServer> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let refusal: { code: number; message: string } | null = null;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    async start() {
      if (server) return;
      const current = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            if (refusal) {
              callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
              return;
            }
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((recipient) => recipient.address),
              raw: Buffer.concat(chunks),
            });
            callback();
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        current.once('error', reject);
        current.listen(port, '127.0.0.1', () => resolve());
      });
      server = current;
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    refuseMessages(reply) {
      refusal = reply;
    },
  };
}

// ---- A small MIME reader, enough for what nodemailer writes ------------------------------------

export interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
  parts: MimePart[];
}

function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(joined.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

/** Parses a message (or part) into headers (lower-case names, unfolded), decoded body and sub-parts. */
export function parseMime(raw: Buffer | string): MimePart {
  const text = typeof raw === 'string' ? raw : raw.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  const head = split >= 0 ? text.slice(0, split) : text;
  const rawBody = split >= 0 ? text.slice(split + 4) : '';
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary) {
    const sections = rawBody.split(`--${boundary}`);
    const parts = sections
      .slice(1)
      .filter((section) => !section.startsWith('--'))
      .map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    return { headers, body: Buffer.alloc(0), parts };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(rawBody.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(rawBody)
        : Buffer.from(rawBody, 'latin1');
  return { headers, body, parts: [] };
}

function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

/** The attached files of a parsed message, by file name. */
export function attachmentsOf(message: MimePart): { filename: string; content: Buffer }[] {
  return leaves(message)
    .filter((part) => /^attachment/i.test(part.headers['content-disposition'] ?? ''))
    .map((part) => ({
      filename: /filename="?([^";]+)"?/i.exec(part.headers['content-disposition'] ?? '')?.[1] ?? '',
      content: part.body,
    }));
}

/** The decoded text of the first part of the given type (text/html or text/plain). */
export function bodyOf(message: MimePart, type: 'text/html' | 'text/plain'): string {
  const part = leaves(message).find((leaf) =>
    (leaf.headers['content-type'] ?? '').toLowerCase().startsWith(type),
  );
  return part ? part.body.toString('utf8') : '';
}
