import type { Migration, MigrationProvider } from 'kysely';
import * as auth from './001-auth.ts';
import * as onboarding from './002-onboarding.ts';
import * as jobs from './003-jobs.ts';
import * as mailAndFilters from './004-mail-and-filters.ts';
import * as identity from './005-identity.ts';
import * as sessionsAndMfa from './006-sessions-and-mfa.ts';
import * as activityLog from './007-activity-log.ts';
import * as teamOutbox from './008-team-outbox.ts';
import * as clientOutcomesAndData from './009-client-outcomes-and-data.ts';
import * as boardIndexes from './010-board-indexes.ts';
import * as storageDeletions from './011-storage-deletions.ts';
import * as filtersWithinLimits from './012-filters-within-limits.ts';
import * as filterVersions from './013-filter-versions.ts';

/**
 * Every migration, in order. Later areas append theirs here; names sort in the order they run.
 * The same set runs on SQLite and PostgreSQL.
 */
const migrations: Record<string, Migration> = {
  '001-auth': auth,
  '002-onboarding': onboarding,
  '003-jobs': jobs,
  '004-mail-and-filters': mailAndFilters,
  '005-identity': identity,
  '006-sessions-and-mfa': sessionsAndMfa,
  '007-activity-log': activityLog,
  '008-team-outbox': teamOutbox,
  '009-client-outcomes-and-data': clientOutcomesAndData,
  '010-board-indexes': boardIndexes,
  '011-storage-deletions': storageDeletions,
  '012-filters-within-limits': filtersWithinLimits,
  '013-filter-versions': filterVersions,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
