import { Check, Copy, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import {
  COPY_FAILED_MESSAGE,
  COPY_FAILED_TITLE,
  EMAIL_COPIED_MS,
  EMAIL_COPIED_TITLE,
} from './job-messages.ts';

/** /myjobs with no jobs at all: who to ask, and the e-mail to give them. */
export function ContactAnalyst({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), EMAIL_COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      setCopied(true);
      toast.success(EMAIL_COPIED_TITLE);
    } catch {
      toast.error(COPY_FAILED_TITLE, { description: COPY_FAILED_MESSAGE });
    }
  };

  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-neutral-200 bg-white px-4 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-neutral-100 text-neutral-700">
        <UserRound className="size-6" aria-hidden="true" />
      </span>
      <h2 className="text-lg font-semibold text-neutral-900">Contact Your Analyst</h2>
      <p className="max-w-md text-sm text-neutral-700">
        No jobs have been assigned to you yet. Share the e-mail you signed in with when you contact your
        analyst:
      </p>
      <div className="flex flex-wrap items-center justify-center gap-2">
        {/* An address is one word with no break in it: on a phone it breaks anywhere rather than overflowing. */}
        <span className="max-w-full rounded-md bg-neutral-100 px-3 py-1.5 font-mono text-sm break-all text-neutral-900">
          {email}
        </span>
        <Button
          size="sm"
          variant="secondary"
          onClick={copy}
          aria-label={copied ? 'Email copied' : 'Copy email'}
        >
          {copied ? (
            <Check className="size-4 text-green-700" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  );
}
