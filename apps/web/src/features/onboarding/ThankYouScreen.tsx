import { CircleCheck, MessageCircle } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useFocusOnOpen } from '../../lib/focus.ts';
import { usePublicConfig } from '../../lib/public-config.ts';
import { whatsappLink } from '../../lib/whatsapp.ts';
import { FeedbackCard } from './FeedbackCard.tsx';

export interface ThankYouScreenProps {
  name: string;
  email: string;
  /** It replaces the wizard, whose Complete Onboarding button had focus. */
  focusOnOpen?: boolean;
}

/** The greeting the WhatsApp button types for the user: who they are, and that they just finished. */
export function thankYouGreeting(name: string, email: string): string {
  const who = name.trim() ? `${name.trim()} (${email})` : email;
  return `Hi! I'm ${who}. I just completed my onboarding and I'd like to connect with my team.`;
}

/** State 2 of the entry route: the promise of a reply within 24 hours, a way to talk now, and feedback. */
export function ThankYouScreen({ name, email, focusOnOpen = false }: ThankYouScreenProps) {
  const { whatsappNumber } = usePublicConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnOpen(heading, focusOnOpen);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <section className="rounded-lg border border-neutral-200 bg-white p-6 text-center shadow-xs sm:p-10">
        <CircleCheck className="mx-auto size-12 text-green-700" aria-hidden="true" />
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-4 text-2xl font-semibold text-neutral-900 focus:outline-none"
        >
          Thank you{name ? `, ${name}` : ''}!
        </h1>
        <p className="mt-3 text-neutral-700">
          Your onboarding is complete. Your recruiting team is reviewing your answers and will reply within 24
          hours.
        </p>
        <p className="mt-2 text-neutral-700">Want to say hello sooner? Message us on WhatsApp.</p>
        <Button asChild size="lg" className="mt-6">
          <a
            href={whatsappLink(whatsappNumber, thankYouGreeting(name, email))}
            target="_blank"
            rel="noreferrer"
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            Contact us on WhatsApp
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </section>
      {/* The card leaves once sent, focused Send and all: the page's heading takes focus. */}
      <FeedbackCard onSent={() => heading.current?.focus()} />
    </div>
  );
}
