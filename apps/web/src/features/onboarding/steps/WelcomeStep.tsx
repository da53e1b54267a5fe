import { Mail, MessageCircle } from 'lucide-react';
import { usePublicConfig } from '../../../lib/public-config.ts';

const TEAM = [
  {
    role: 'Application Analyst',
    does: 'Your daily contact. Finds the jobs that fit you and submits your applications.',
  },
  {
    role: 'Tracker Development Specialist',
    does: 'Builds your job search and the curation tracker where you review every job.',
  },
  {
    role: 'Delivery Center Lead',
    does: 'Your escalation point whenever something is not going the way it should.',
  },
  {
    role: 'Founder',
    does: 'Reachable by phone or message, on the plans that include it.',
  },
] as const;

/** Step 1: what the service is, how to reach us, and who will work for you. */
export function WelcomeStep() {
  const { brandName, whatsappNumber } = usePublicConfig();
  return (
    <div className="space-y-6 text-neutral-800">
      <div className="space-y-3">
        <p>
          Welcome to {brandName}! Over the next few steps you will tell us about yourself, your work
          authorization, your experience and the jobs you want. Your recruiting team uses every answer to find
          jobs for you and apply to them on your behalf.
        </p>
        <p>
          It takes about ten minutes, and your progress is saved at every step, so you can stop and come back
          at any time.
        </p>
        <p className="font-medium text-neutral-900">
          We do the searching and the applying, but we cannot guarantee outcomes: no interviews and no job
          offers are promised.
        </p>
      </div>

      <section
        aria-labelledby="direct-contact-title"
        className="rounded-lg border border-brand/30 bg-brand/5 p-4"
      >
        <h3 id="direct-contact-title" className="font-semibold text-neutral-900">
          Questions? Talk to a person.
        </h3>
        <p className="mt-1 text-sm">
          We talk with you on WhatsApp and by e-mail. Message us any time during onboarding and a member of
          the team will answer.
        </p>
        <ul className="mt-3 space-y-1 text-sm">
          <li className="flex items-center gap-2">
            <MessageCircle className="size-4 text-brand" aria-hidden="true" />
            WhatsApp: +{whatsappNumber}
          </li>
          <li className="flex items-center gap-2">
            <Mail className="size-4 text-brand" aria-hidden="true" />
            E-mail: reply to any message from your team
          </li>
        </ul>
      </section>

      <section aria-labelledby="team-title" className="space-y-3">
        <h3 id="team-title" className="font-semibold text-neutral-900">
          Your recruiting team
        </h3>
        <p className="text-sm text-neutral-700">Depending on your plan, your team includes:</p>
        <ul className="grid gap-3 sm:grid-cols-2">
          {TEAM.map((member) => (
            <li key={member.role} className="rounded-md border border-neutral-200 bg-white p-3">
              <p className="font-medium text-neutral-900">{member.role}</p>
              <p className="mt-1 text-sm text-neutral-700">{member.does}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
