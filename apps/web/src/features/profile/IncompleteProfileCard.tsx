import type { MissingSection } from '@app/domain/onboarding-completeness';
import { AlertTriangle } from 'lucide-react';
import { Button } from '../../components/ui/Button.tsx';

/** The amber warning of spec 2, section 2: what is missing, by section, and the way to finish. */
export function IncompleteProfileCard({
  missing,
  onComplete,
}: {
  missing: readonly MissingSection[];
  onComplete(): void;
}) {
  return (
    <section
      aria-labelledby="profile-incomplete-title"
      className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-6"
    >
      <div className="flex items-start gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h2 id="profile-incomplete-title" className="text-lg font-semibold">
            Profile Incomplete
          </h2>
          <p className="mt-1 text-sm">Some required information is missing from these sections:</p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
            {missing.map((section) => (
              <li key={section.section}>
                <span className="font-medium">{section.section}</span>: {section.fields.join(', ')}
              </li>
            ))}
          </ul>
          <Button className="mt-4" onClick={onComplete}>
            Complete Your Profile
          </Button>
        </div>
      </div>
    </section>
  );
}
