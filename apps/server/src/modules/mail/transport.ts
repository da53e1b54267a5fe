import nodemailer from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  /** Stable per outbox message, so a receiving server can recognise a repeat after a crash. */
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string> | undefined;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer. The time limits keep any one send far shorter than the outbox's
 * "stuck in sending" timeout, so a live send is never mistaken for an abandoned one.
 */
export function createSmtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        attachments: message.attachments,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * A refusal that a retry cannot fix: a 5xx reply to the sender or the recipient (EENVELOPE) or to
 * the message itself after DATA (EMESSAGE: rejected as spam, too large for the mailbox).
 */
export function isPermanentFailure(error: unknown): boolean {
  const { code, permanent } = (error ?? {}) as { code?: unknown; permanent?: unknown };
  return permanent === true && (code === 'EENVELOPE' || code === 'EMESSAGE');
}

/**
 * `reason` as the server's log keeps it: a refusal often repeats the recipient's address, and the log
 * names no person (security-events.ts); staff still read the whole reason on the message.
 */
export function withoutAddresses(reason: string): string {
  return reason.replace(/[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+/g, '<address>');
}

/** A short, readable reason for staff; never the whole SMTP transcript. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim().slice(0, 300) || 'Unknown error';
}
