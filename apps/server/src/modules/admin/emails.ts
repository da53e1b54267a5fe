import type { AdminRecord } from '@app/domain/admin-email';
import type { JobFilterSet, SavedFilter } from '@app/domain/job-filters';
import { createElement as h } from 'react';
import type { Config } from '../../config.ts';
import {
  type RenderedEmail,
  renderEmail,
  TeamNotificationEmail,
  teamNotificationSubject,
  WelcomeEmail,
  welcomeSubject,
} from '../../emails/index.ts';

export interface ComposedEmail extends RenderedEmail {
  subject: string;
}

/**
 * The client's welcome e-mail, exactly as it is sent and previewed. A client who has not finished
 * onboarding is asked to finish it rather than thanked for it.
 */
export async function composeWelcome(
  config: Config,
  record: AdminRecord,
  onboardingComplete: boolean,
): Promise<ComposedEmail> {
  const brand = { name: config.brand.name, color: config.brand.color };
  const rendered = await renderEmail(
    h(WelcomeEmail, {
      brand,
      firstName: record.first_name,
      jobsUrl: `${config.publicUrl}/myjobs`,
      whatsappNumber: config.brand.whatsappNumber,
      finishOnboardingUrl: onboardingComplete ? undefined : `${config.publicUrl}/`,
    }),
  );
  return { subject: welcomeSubject(brand), ...rendered };
}

/** The team's notification about a client, exactly as it is sent and previewed. */
export async function composeTeamNotification(
  config: Config,
  input: {
    clientEmail: string;
    record: AdminRecord;
    filters: JobFilterSet;
    savedFilters: SavedFilter[];
    missingSections: string[];
    attachments: string[];
  },
): Promise<ComposedEmail> {
  const brand = { name: config.brand.name, color: config.brand.color };
  const rendered = await renderEmail(h(TeamNotificationEmail, { brand, ...input }));
  return {
    subject: teamNotificationSubject(input.record, input.clientEmail, input.missingSections),
    ...rendered,
  };
}

/** Where team notifications go: TEAM_NOTIFICATION_EMAIL, else team@ the staff domain. */
export function teamAddress(config: Config): string {
  return config.teamNotificationEmail ?? `team@${config.staffEmailDomain}`;
}
