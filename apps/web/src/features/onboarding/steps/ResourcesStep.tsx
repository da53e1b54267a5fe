import type { ResourceLink } from '@app/domain/resources';
import { BookOpen, ExternalLink, FileText, Globe, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { focusRing } from '../../../components/ui/Button.tsx';
import { usePublicConfig } from '../../../lib/public-config.ts';

/** What the wizard tells this step (restated here, so that the step does not import the wizard). */
interface ResourcesStepProps {
  /** The words on the button that finishes the wizard: 'Complete Onboarding', or 'Save Changes' in edit mode. */
  finishLabel: string;
}

function CompleteReminder({ finishLabel }: ResourcesStepProps) {
  return (
    <p className="rounded-md border border-brand/30 bg-brand/5 p-3 text-sm font-medium text-neutral-900">
      When you are ready, click <strong>{finishLabel}</strong> at the bottom of this page to send us your
      answers.
    </p>
  );
}

function LinkCard({ link, icon }: { link: ResourceLink; icon: ReactNode }) {
  return (
    <a
      href={link.url}
      target="_blank"
      rel="noreferrer"
      className={`flex h-full gap-3 rounded-lg border border-neutral-200 bg-white p-3 hover:border-neutral-300 hover:bg-neutral-50 ${focusRing}`}
    >
      <span className="mt-0.5 shrink-0 text-brand">{icon}</span>
      <span className="min-w-0">
        <span className="flex items-center gap-1 font-medium text-neutral-900">
          {link.title}
          <ExternalLink className="size-3.5 shrink-0 text-neutral-500" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </span>
        <span className="mt-0.5 block text-sm text-neutral-600">{link.description}</span>
      </span>
    </a>
  );
}

function ResourceSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h3 className="font-semibold text-neutral-900">{title}</h3>
      {children}
    </section>
  );
}

/** Step 9: the deployment's videos, reports and links (`RESOURCES_FILE`), then Complete Onboarding. */
export function ResourcesStep({ finishLabel }: ResourcesStepProps) {
  const { cancellationGuide, productVideos, featuredReports, socialLinks, website } =
    usePublicConfig().resources;
  const guide = <BookOpen className="size-5" aria-hidden="true" />;
  return (
    <div className="space-y-6 text-neutral-800">
      <p>You are almost done. Here is where to find help whenever you need it.</p>
      <CompleteReminder finishLabel={finishLabel} />
      <ResourceSection title="Cancel or pause by yourself">
        <LinkCard link={cancellationGuide} icon={guide} />
      </ResourceSection>
      <ResourceSection title="How the service works">
        <ul className="grid gap-3 sm:grid-cols-2">
          {productVideos.map((link) => (
            <li key={link.url}>
              <LinkCard link={link} icon={guide} />
            </li>
          ))}
        </ul>
      </ResourceSection>
      <ResourceSection title="Featured reports">
        <ul className="grid gap-3 sm:grid-cols-2">
          {featuredReports.map((link) => (
            <li key={link.url}>
              <LinkCard link={link} icon={<FileText className="size-5" aria-hidden="true" />} />
            </li>
          ))}
        </ul>
      </ResourceSection>
      <ResourceSection title="Stay in touch">
        <ul className="grid gap-3 sm:grid-cols-2">
          {socialLinks.map((link) => (
            <li key={link.url}>
              <LinkCard link={link} icon={<Users className="size-5" aria-hidden="true" />} />
            </li>
          ))}
          <li>
            <LinkCard link={website} icon={<Globe className="size-5" aria-hidden="true" />} />
          </li>
        </ul>
      </ResourceSection>
      <CompleteReminder finishLabel={finishLabel} />
    </div>
  );
}
