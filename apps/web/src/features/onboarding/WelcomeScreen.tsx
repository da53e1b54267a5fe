import { ArrowRight, ClipboardList, Clock, FileUp } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/ui/Button.tsx';
import { useFocusOnOpen } from '../../lib/focus.ts';
import { usePublicConfig } from '../../lib/public-config.ts';

const WHAT_TO_EXPECT = [
  { icon: ClipboardList, text: 'Nine short steps about you, your experience and the jobs you want.' },
  { icon: FileUp, text: 'Have your resume ready (PDF or Word, up to 5 MB); a cover letter is optional.' },
  { icon: Clock, text: 'About ten minutes. Your progress is saved at every step.' },
] as const;

/**
 * State 0 of the entry route, before the wizard starts; `focusOnOpen` when it replaces the wizard
 * (Back on step 1).
 */
export function WelcomeScreen({ onStart, focusOnOpen = false }: { onStart(): void; focusOnOpen?: boolean }) {
  const { brandName } = usePublicConfig();
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnOpen(heading, focusOnOpen);
  return (
    <section className="mx-auto max-w-2xl rounded-lg border border-neutral-200 bg-white p-6 shadow-xs sm:p-10">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-neutral-900 focus:outline-none">
        Welcome to {brandName}
      </h1>
      <p className="mt-3 text-neutral-700">
        Let's set up your job search. Tell us about yourself once, and your recruiting team will find jobs and
        apply to them for you.
      </p>
      <ul className="mt-6 space-y-3">
        {WHAT_TO_EXPECT.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-start gap-3 text-neutral-800">
            <Icon className="mt-0.5 size-5 shrink-0 text-brand" aria-hidden="true" />
            {text}
          </li>
        ))}
      </ul>
      <Button size="lg" className="mt-8 w-full sm:w-auto" onClick={onStart}>
        Start Onboarding
        <ArrowRight className="size-4" aria-hidden="true" />
      </Button>
    </section>
  );
}
