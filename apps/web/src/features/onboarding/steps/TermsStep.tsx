import { TERMS_CHECKBOXES } from '@app/domain/onboarding-rules';
import { TriangleAlert } from 'lucide-react';
import { TERMS_OF_SERVICE_URL } from '../../../lib/legal.ts';
import { CheckboxField } from '../fields/CheckboxField.tsx';

/** Step 2: the warning, the full terms in a frame, our commitment, and the two required checkboxes. */
export function TermsStep() {
  return (
    <div className="space-y-6 text-neutral-800">
      <div
        role="note"
        className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
      >
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="space-y-1 text-sm">
          <p className="font-semibold">Please read before you continue</p>
          <p>
            We do not give refunds or credits, except as a courtesy at our discretion. We do not guarantee
            outcomes: no interviews and no job offers are promised.
          </p>
        </div>
      </div>

      <iframe
        src={TERMS_OF_SERVICE_URL}
        title="Terms & Conditions"
        height={500}
        className="h-[500px] w-full rounded-lg border border-neutral-300 bg-white"
      />

      <section
        aria-labelledby="commitment-title"
        className="rounded-lg border border-neutral-200 bg-neutral-50 p-4"
      >
        <h3 id="commitment-title" className="font-semibold text-neutral-900">
          Our commitment to you
        </h3>
        <p className="mt-1 text-sm">
          We will treat you fairly, answer your questions honestly and work on your search every day. In
          return, we ask for the same honesty: we reserve the right to respond publicly to false or misleading
          public comments about our service.
        </p>
      </section>

      <div className="space-y-3">
        {TERMS_CHECKBOXES.map((checkbox) => (
          <CheckboxField key={checkbox.name} name={checkbox.name} label={checkbox.label} required />
        ))}
      </div>
    </div>
  );
}
