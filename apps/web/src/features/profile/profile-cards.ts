/**
 * The cards of the profile page (spec 2, section 2), built from the domain's display grouping:
 * its 'Other' group is the Additional Information card, its acknowledgements are the
 * Acknowledgements & Legal card. A few keys are shown in a better place than 'Other': the
 * documents with the employment details, the signature with the acknowledgements, the newsletter
 * choice in its own card; the completion flag is what the Profile Incomplete card is about.
 */
import { groupProfile, type ProfileEntry } from '@app/domain/profile-display';

export interface ProfileCardContent {
  title: string;
  entries: ProfileEntry[];
  /** Uploaded files, shown with download and share actions. */
  documents: ProfileEntry[];
}

const EMPLOYMENT_TITLE = 'Employment Information';
const ADDITIONAL_TITLE = 'Additional Information';
const LEGAL_TITLE = 'Acknowledgements & Legal';
const DOCUMENT_KEYS: ReadonlySet<string> = new Set(['resume', 'cover_letter']);
const HIDDEN_KEYS: ReadonlySet<string> = new Set(['subscribe_to_newsletter', 'onboarding_completed']);

export interface ProfileLayout {
  /** Cards shown before the Career Coaching Email card. */
  before: ProfileCardContent[];
  /** The Acknowledgements & Legal card, shown after it; null when there is nothing to show. */
  legal: ProfileCardContent | null;
}

export function profileLayout(record: unknown): ProfileLayout {
  const groups = new Map(groupProfile(record).map((group) => [group.title, group.entries]));
  const other = groups.get('Other') ?? [];
  const documents = other.filter((entry) => DOCUMENT_KEYS.has(entry.key));
  const signature = other.filter((entry) => entry.key === 'signature');
  const additional = other.filter(
    (entry) => !DOCUMENT_KEYS.has(entry.key) && !HIDDEN_KEYS.has(entry.key) && entry.key !== 'signature',
  );
  const card = (title: string, entries: ProfileEntry[], files: ProfileEntry[] = []): ProfileCardContent => ({
    title,
    entries,
    documents: files,
  });

  const before = [
    card('Personal Information', groups.get('Personal Information') ?? []),
    card('Address Information', groups.get('Address Information') ?? []),
    card('Work Authorization', groups.get('Work Authorization') ?? []),
    card(EMPLOYMENT_TITLE, groups.get(EMPLOYMENT_TITLE) ?? [], documents),
    card('Job Preferences', groups.get('Job Preferences') ?? []),
    card(ADDITIONAL_TITLE, additional),
  ].filter((content) => content.entries.length + content.documents.length > 0);
  const legalEntries = [...signature, ...(groups.get('Acknowledgements') ?? [])];
  return { before, legal: legalEntries.length > 0 ? card(LEGAL_TITLE, legalEntries) : null };
}
