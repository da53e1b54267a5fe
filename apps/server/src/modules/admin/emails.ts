import type { AdminRecord } from '@app/domain/admin-email';
import type { JobFilterSet } from '@app/domain/job-filters';
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

/** The client's welcome e-mail, exactly as it is sent and previewed. */
export async function composeWelcome(config: Config, record: AdminRecord): Promise<ComposedEmail> {
  const brand = { name: config.brand.name, color: config.brand.color };
  const rendered = await renderEmail(
    h(WelcomeEmail, {
      brand,
      firstName: record.first_name,
      jobsUrl: `${config.publicUrl}/myjobs`,
      whatsappNumber: config.brand.whatsappNumber,
    }),
  );
  return { subject: welcomeSubject(brand), ...rendered };
}

/** The team's notification about a client, exactly as it is sent and previewed. */
export async function composeTeamNotification(
  config: Config,
  input: { clientEmail: string; record: AdminRecord; filters: JobFilterSet; attachments: string[] },
): Promise<ComposedEmail> {
  const brand = { name: config.brand.name, color: config.brand.color };
  const rendered = await renderEmail(h(TeamNotificationEmail, { brand, ...input }));
  return { subject: teamNotificationSubject(input.record, input.clientEmail), ...rendered };
}

/** Where team notifications go: TEAM_NOTIFICATION_EMAIL, else team@ the staff domain. */
export function teamAddress(config: Config): string {
  return config.teamNotificationEmail ?? `team@${config.staffEmailDomain}`;
}
