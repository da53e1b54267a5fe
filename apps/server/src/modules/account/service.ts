import { DELETE_CONFIRMATION_MESSAGE } from '@app/domain/account-api';
import { normalizeEmail } from '@app/domain/email-address';
import type { SessionService } from '../../auth/sessions.ts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/database.ts';
import { toBool } from '../../db/database.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { ActivityService } from '../activity/service.ts';
import type { AvoidedCompaniesService } from '../companies-to-avoid/service.ts';
import { documentUrl, type FilesService } from '../files/service.ts';
import type { FiltersService } from '../filters/service.ts';
import type { JobsService } from '../jobs/service.ts';
import type { OnboardingService } from '../onboarding/service.ts';
import { accountRepo } from './repo.ts';

const ACCOUNT_NOT_FOUND_MESSAGE = 'This account no longer exists';

/**
 * A person's data in their hands (decision 037): everything held about them as one JSON file, and
 * erasing their account, which leaves only an anonymous line in the staff activity log.
 */
export function createAccountService(deps: {
  db: Db;
  files: FilesService;
  sessions: SessionService;
  activity: ActivityService;
  onboarding: OnboardingService;
  avoided: AvoidedCompaniesService;
  jobs: JobsService;
  filters: FiltersService;
  publicUrl: string;
  clock: Clock;
}) {
  const repo = accountRepo(deps.db);
  const { jobs } = deps;

  return {
    async export(userId: string) {
      const user = await repo.user(userId);
      if (!user) throw NotFound(ACCOUNT_NOT_FOUND_MESSAGE);
      const withHistory = (await jobs.listWithHistory(userId)).map(({ client_id: _client, ...job }) => job);
      return {
        exported_at: new Date(deps.clock.now()).toISOString(),
        profile: {
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
          time_zone: user.time_zone,
          weekly_summary: toBool(user.weekly_summary),
          created_at: user.created_at,
        },
        onboarding: (await deps.onboarding.findOwn(userId)) ?? null,
        documents: (await repo.documents(userId)).map((document) => ({
          ...document,
          download_url: documentUrl(deps.publicUrl, document.path),
        })),
        jobs: withHistory,
        companies_to_avoid: await deps.avoided.list(userId),
        job_search_filters: await deps.filters.listFor(userId),
        emails: await repo.emails(userId),
        feedback: await repo.feedback(userId),
        sessions: await deps.sessions.list(userId),
      };
    },

    /**
     * Deletes the account once the person has typed their sign-in e-mail: every row naming them
     * goes in one transaction (their sessions' too, so every session ends), then their stored
     * documents.
     */
    async erase(userId: string, typedEmail: string): Promise<void> {
      const user = await repo.user(userId);
      if (!user) throw NotFound(ACCOUNT_NOT_FOUND_MESSAGE);
      if (normalizeEmail(typedEmail) !== normalizeEmail(user.email))
        throw Invalid(DELETE_CONFIRMATION_MESSAGE);
      // The sessions' rows go in the same transaction: a deletion that fails signs nobody out. The
      // files are queued in it too: one the storage will not delete now is deleted by a later sweep.
      const paths = await repo.erase(userId, async (trx, documentPaths) => {
        await deps.files.queueDeletionsIn(trx, documentPaths);
        await deps.activity.recordIn(trx, {
          actor: { kind: 'client', userId: null, email: '' },
          clientId: '',
          action: 'account.deleted',
          detail: { summary: 'A client deleted their account and all their data' },
        });
      });
      deps.sessions.forgetUser(userId);
      await deps.files.deleteQueued(paths);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
