import type { OutboxMessage } from '@app/domain/admin-email';
import { Dialog } from '../../components/ui/Dialog.tsx';

/**
 * An e-mail's HTML in a frame with every sandbox restriction: no scripts, no forms, no navigation of
 * this page, and an opaque origin, so a client's answers inside it can never act on the console.
 */
export function EmailFrame({ html, title }: { html: string; title: string }) {
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      title={title}
      className="h-[28rem] w-full rounded-md border border-neutral-200 bg-white sm:h-[36rem]"
    />
  );
}

/** One e-mail of the outbox, opened to read: its subject, its recipient and its sandboxed body. */
export function EmailReaderDialog({ message, onClose }: { message: OutboxMessage | null; onClose(): void }) {
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => !open && onClose()}
      title={message?.subject ?? ''}
      description={message ? `To ${message.recipient}` : undefined}
      size="lg"
    >
      {message && <EmailFrame html={message.html} title={`E-mail: ${message.subject}`} />}
    </Dialog>
  );
}
