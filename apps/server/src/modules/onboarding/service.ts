import { randomUUID } from 'node:crypto';
import { checkCompleteness, REQUIRED_FIELDS } from '@app/domain/onboarding-completeness';
import type { OnboardingFields, OnboardingRecord } from '@app/domain/onboarding-fields';
import { missingRequiredFields } from '@app/domain/onboarding-rules';
import { normalizeDocumentPath } from '@app/domain/profile-display';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, lockUserUntilCommit, nowIso } from '../../db/database.ts';
import { Invalid, NotFound } from '../../errors.ts';
import type { FilesService } from '../files/service.ts';
import { createOnboardingRepo } from './repo.ts';

export const INCOMPLETE_SUBMISSION_MESSAGE = 'Please complete all required fields';
export const SUBMISSION_NOT_FOUND_MESSAGE = 'Onboarding submission not found';

/** The record fields that point at an uploaded document. */
const DOCUMENT_FIELDS = ['resume', 'cover_letter'] as const;
type DocumentField = (typeof DOCUMENT_FIELDS)[number];
const DOCUMENT_LABELS: Record<DocumentField, string> = { resume: 'Resume', cover_letter: 'Cover letter' };

export const notOwnDocumentMessage = (field: DocumentField) =>
  `${DOCUMENT_LABELS[field]} must be a document you uploaded. Please upload it again.`;

/** A record that says onboarding is completed must have every required field. */
function assertCompletionHolds(record: Partial<OnboardingFields>): void {
  if (!record.onboarding_completed) return;
  const missingFields = missingRequiredFields(record);
  if (missingFields.length > 0) throw Invalid(INCOMPLETE_SUBMISSION_MESSAGE, { missingFields });
}

/**
 * Whether the changes alone decide if the saved record may claim completion: they either clear the
 * flag or carry every required field (the wizard sends the whole form on every save).
 */
function completionDecidedBy(changes: Partial<OnboardingFields>): boolean {
  return changes.onboarding_completed === false || REQUIRED_FIELDS.every((key) => key in changes);
}

type DocumentFields = Pick<OnboardingFields, DocumentField>;

/** The stored documents a record points at, as storage paths. */
function documentPaths(record: Partial<OnboardingFields> | undefined): Set<string> {
  const paths = DOCUMENT_FIELDS.map((field) => normalizeDocumentPath(record?.[field]));
  return new Set(paths.filter((path): path is string => path !== null));
}

/**
 * One onboarding record per user, saved partially as the wizard moves on. Its resume and cover
 * letter point only at the user's own stored documents; a document the record stops pointing at
 * is deleted.
 */
export function createOnboardingService(db: Db, files: FilesService, log: FastifyBaseLogger) {
  const reader = createOnboardingRepo(db.kysely);

  /**
   * Refuses a resume or cover letter that `isOwn` does not find among the caller's documents
   * (someone else's, made up, or no longer stored). A value the record already holds is not checked
   * again.
   */
  const assertOwnDocuments = async (
    changes: Partial<OnboardingFields>,
    before: DocumentFields | undefined,
    isOwn: (value: string) => Promise<boolean>,
  ): Promise<void> => {
    for (const field of DOCUMENT_FIELDS) {
      const value = changes[field];
      if (typeof value !== 'string' || value.trim() === '' || value === before?.[field]) continue;
      if (!(await isOwn(value))) {
        const message = notOwnDocumentMessage(field);
        throw Invalid(message, { errors: [{ field, message }] });
      }
    }
  };

  /** Deletes the documents `before` pointed at that `after` no longer does. */
  const removeReplacedDocuments = async (
    userId: string,
    before: DocumentFields | undefined,
    after: OnboardingRecord,
  ): Promise<void> => {
    const kept = documentPaths(after);
    for (const path of documentPaths(before)) {
      if (kept.has(path)) continue;
      await files.removeUnreferenced(userId, path).catch((error: unknown) => {
        // The save stands; the document stays, and a full quota's sweep of forgotten uploads tries again.
        log.warn({ err: error, userId }, 'could not delete a replaced document');
      });
    }
  };

  /**
   * Saves so that a record never claims completion without every required field: checked up front
   * when the changes decide it, otherwise on the written result inside a transaction that a failed
   * check rolls back. A save that names a document does it in a transaction that takes the user's
   * row first, as deleting a document does (the files service): the document it names cannot be
   * deleted between its check and the write. The documents it stops naming are deleted once it has
   * committed.
   */
  const saveChecked = async (
    userId: string,
    changes: Partial<OnboardingFields>,
    write: (repo: ReturnType<typeof createOnboardingRepo>) => Promise<OnboardingRecord>,
  ): Promise<OnboardingRecord> => {
    const namesDocuments = DOCUMENT_FIELDS.some((field) => field in changes);
    if (!namesDocuments && completionDecidedBy(changes)) {
      assertCompletionHolds(changes);
      return write(reader);
    }
    // The files themselves are looked for first: a storage call (a round trip to S3) must not hold
    // the user's row, nor SQLite's one connection.
    if (namesDocuments) {
      await assertOwnDocuments(changes, await reader.findDocumentFields(userId), (value) =>
        files.isOwnStoredDocument(userId, value),
      );
    }
    const { saved, before } = await db.kysely.transaction().execute(async (transaction) => {
      const repo = createOnboardingRepo(transaction);
      let before: DocumentFields | undefined;
      if (namesDocuments) {
        await lockUserUntilCommit(transaction, userId);
        before = await repo.findDocumentFields(userId);
        await assertOwnDocuments(changes, before, (value) => files.isOwnDocument(userId, value, transaction));
      }
      const saved = await write(repo);
      assertCompletionHolds(saved);
      return { saved, before };
    });
    if (namesDocuments) await removeReplacedDocuments(userId, before, saved);
    return saved;
  };

  return {
    findOwn(userId: string): Promise<OnboardingRecord | undefined> {
      return reader.findByUser(userId);
    },

    async checkComplete(userId: string) {
      const record = await reader.findByUser(userId);
      const { isComplete, missingFields } = checkCompleteness(record ?? null);
      return { isComplete, data: record ?? null, missingFields };
    },

    /**
     * POST: creates the user's record, or updates the one they already have. `changes` are the fields
     * a save names, already checked by the record's schema at the route.
     */
    saveOwn(userId: string, changes: Partial<OnboardingFields>): Promise<OnboardingRecord> {
      return saveChecked(userId, changes, (repo) =>
        repo.upsertForUser(userId, changes, { id: randomUUID(), now: nowIso() }),
      );
    },

    /** PUT /{id}: only the caller's own record; any other id is not found. */
    updateOwn(userId: string, id: string, changes: Partial<OnboardingFields>): Promise<OnboardingRecord> {
      return saveChecked(userId, changes, async (repo) => {
        const saved = await repo.updateOwn(id, userId, changes, nowIso());
        if (!saved) throw NotFound(SUBMISSION_NOT_FOUND_MESSAGE);
        return saved;
      });
    },

    /** The newsletter switch on the profile: saved on the user's record, created when missing. */
    setNewsletter(userId: string, subscribe: boolean): Promise<OnboardingRecord> {
      return reader.upsertForUser(
        userId,
        { subscribe_to_newsletter: subscribe },
        { id: randomUUID(), now: nowIso() },
      );
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
