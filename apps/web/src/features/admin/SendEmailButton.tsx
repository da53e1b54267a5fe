import { Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/Button.tsx';

/** A button that sends e-mail: a paper plane, then a spinner and 'Sending...' while it does. */
export function SendEmailButton({
  busy,
  onClick,
  className,
  children,
}: {
  busy: boolean;
  onClick(): void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button className={className} busy={busy} onClick={onClick}>
      {!busy && <Send className="size-4" aria-hidden="true" />}
      {busy ? 'Sending...' : children}
    </Button>
  );
}
