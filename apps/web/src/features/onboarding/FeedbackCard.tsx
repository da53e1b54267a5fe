import { feedbackProblem } from '@app/domain/feedback';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useCallback, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { FieldError, Label, Textarea } from '../../components/ui/Field.tsx';
import { dataOrThrow, failureMessage } from '../../lib/api.ts';
import { sendOnboardingFeedback } from './onboarding-api.ts';

const SNACKBAR_MS = 4000;
const FADE_MS = 300;
const FEEDBACK_FAILED_MESSAGE = 'Your feedback could not be sent. Please try again.';

/** 'Thank you for your feedback!': shown for 4 seconds, then fades out over 300 ms. */
function FeedbackSnackbar({ onHidden }: { onHidden(): void }) {
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const fade = setTimeout(() => setFading(true), SNACKBAR_MS);
    const hide = setTimeout(onHidden, SNACKBAR_MS + FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(hide);
    };
  }, [onHidden]);
  return (
    <div
      role="status"
      className={`fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm items-center gap-2 rounded-lg bg-green-700 px-4 py-3 text-sm font-medium text-white shadow-lg transition-opacity duration-300 ${fading ? 'opacity-0' : 'opacity-100'}`}
    >
      <CircleCheck className="size-5 shrink-0" aria-hidden="true" />
      Thank you for your feedback!
    </div>
  );
}

/**
 * The card after the final submit: one question, a box, and Send (disabled while the box is blank or
 * too long, which is said). It leaves once sent; `onSent` says where focus goes then.
 */
export function FeedbackCard({ onSent }: { onSent(): void }) {
  const [text, setText] = useState('');
  const [snackbar, setSnackbar] = useState(false);
  const id = useId();
  const hideSnackbar = useCallback(() => setSnackbar(false), []);
  const problem = feedbackProblem(text);
  // An empty box only keeps Send disabled; a problem with what was written is said.
  const shownProblem = text.trim() === '' ? null : problem;

  const send = useMutation({
    mutationFn: async (feedback: string) => dataOrThrow(await sendOnboardingFeedback(feedback)),
    onSuccess: () => {
      setSnackbar(true);
      onSent();
    },
    onError: (error) =>
      toast.error('Feedback Not Sent', { description: failureMessage(error, FEEDBACK_FAILED_MESSAGE) }),
  });

  return (
    <>
      {!send.isSuccess && (
        <Card title="We value your feedback!">
          <div className="space-y-3">
            <Label htmlFor={id}>How was your onboarding experience?</Label>
            {/* No maxLength, which would cut a paste short unseen: the limit is said instead. */}
            <Textarea
              id={id}
              rows={4}
              value={text}
              aria-invalid={shownProblem ? true : undefined}
              aria-describedby={shownProblem ? `${id}-error` : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {shownProblem && <FieldError id={`${id}-error`}>{shownProblem}</FieldError>}
            <div className="flex justify-end">
              <Button
                onClick={() => send.mutate(text.trim())}
                disabled={problem !== null}
                busy={send.isPending}
              >
                Send
              </Button>
            </div>
          </div>
        </Card>
      )}
      {snackbar && <FeedbackSnackbar onHidden={hideSnackbar} />}
    </>
  );
}
