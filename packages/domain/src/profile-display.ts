/**
 * How a stored profile reads on screen (spec 1, section 3, "Profile display grouping and labels"),
 * and the names and paths of its uploaded documents (spec 1, section 7).
 */
import { ACK_FIELDS, fieldBySnake, ONBOARDING_FIELDS, RECORD_META_KEYS } from './onboarding-fields.ts';

const DISPLAY_GROUPS: readonly { title: string; keys: readonly string[] }[] = [
  {
    title: 'Personal Information',
    keys: ['first_name', 'last_name', 'email_address', 'phone_number', 'birthdate', 'pronouns'],
  },
  { title: 'Address Information', keys: ['street_address', 'city', 'state', 'zip_code', 'country'] },
  { title: 'Work Authorization', keys: ['us_citizen', 'work_authorization', 'requires_sponsorship'] },
  {
    title: 'Employment Information',
    keys: ['currently_employed', 'recent_position', 'recent_employer', 'experience_level'],
  },
  { title: 'Job Preferences', keys: ['job_type', 'salary_expectation', 'location_requirements'] },
];
const ACKNOWLEDGEMENTS = 'Acknowledgements';
const OTHER = 'Other';

const ACK_LABELS = new Map<string, string>(ACK_FIELDS.map((a) => [a.snake, a.label]));
const GROUP_OF_KEY = new Map<string, string>(DISPLAY_GROUPS.flatMap((g) => g.keys.map((k) => [k, g.title])));
/** Known keys sort in form order; unknown keys after them, in the record's order. */
const KEY_ORDER = new Map<string, number>(
  [...new Set([...DISPLAY_GROUPS.flatMap((g) => g.keys), ...ONBOARDING_FIELDS.map((f) => f.snake)])].map(
    (k, i) => [k, i],
  ),
);
const HIDDEN_KEYS: ReadonlySet<string> = new Set(RECORD_META_KEYS);

function titleCaseWords(key: string): string {
  return key
    .split('_')
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * The friendly label of a profile key: the spec's acknowledgement labels; for the form's own fields
 * the label the form, the missing-information lists and every card use ('US Citizen', never
 * 'Us Citizen'; decision 029); for any other key its title-cased words.
 */
export function fieldLabel(key: string): string {
  const ack = ACK_LABELS.get(key);
  if (ack) return ack;
  if (key.startsWith('ack_')) return `Acknowledgement ${titleCaseWords(key.slice(4))}`.trim();
  return fieldBySnake(key)?.label ?? titleCaseWords(key);
}

function groupOf(key: string): string {
  return GROUP_OF_KEY.get(key) ?? (key.startsWith('ack_') ? ACKNOWLEDGEMENTS : OTHER);
}

/** A value as text: 'Yes'/'No' for booleans, lists comma-joined; null when there is nothing to show. */
function displayValue(value: unknown): string | null {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Array.isArray(value)) {
    const items = value.filter((v) => typeof v === 'string' && v.trim() !== '');
    return items.length > 0 ? items.join(', ') : null;
  }
  return null;
}

export interface ProfileEntry {
  key: string;
  label: string;
  /** The value as the profile shows it. */
  value: string;
  /** The stored value, for entries that render specially (documents, links). */
  raw: unknown;
}

export interface ProfileGroup {
  title: string;
  entries: ProfileEntry[];
}

/** The record's keys with a value, grouped for display; identity and timestamps are not shown. */
export function groupProfile(record: unknown): ProfileGroup[] {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return [];
  const titles = [...DISPLAY_GROUPS.map((g) => g.title), ACKNOWLEDGEMENTS, OTHER];
  const groups = new Map<string, ProfileEntry[]>(titles.map((t) => [t, []]));
  const keys = Object.keys(record)
    .filter((key) => !HIDDEN_KEYS.has(key))
    .map((key, index) => ({ key, order: KEY_ORDER.get(key) ?? KEY_ORDER.size + index }))
    .sort((a, b) => a.order - b.order);
  for (const { key } of keys) {
    const raw = (record as Record<string, unknown>)[key];
    const value = displayValue(raw);
    if (value === null) continue;
    groups.get(groupOf(key))?.push({ key, label: fieldLabel(key), value, raw });
  }
  return titles
    .map((title) => ({ title, entries: groups.get(title) ?? [] }))
    .filter((group) => group.entries.length > 0);
}

const UUID_PREFIX = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/i;

/** The name a person recognises: the last path segment, without the stored `<uuid>-` prefix. */
export function displayFileName(pathOrUrl: unknown): string {
  if (typeof pathOrUrl !== 'string') return '';
  const withoutQuery = pathOrUrl.split(/[?#]/)[0] ?? '';
  const last = withoutQuery.split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // Not percent-encoded text: show it as it is.
  }
  return name.replace(UUID_PREFIX, '');
}

const DOCUMENTS_MARKER = 'public/documents/';

/**
 * The object path inside the documents bucket: the query string is stripped and a path containing
 * public/documents/ is trimmed to the part after it. Null for anything that could leave the bucket
 * or is not a plain relative path: `..` or `.` segments, absolute paths, other hosts, backslashes,
 * control characters or empty segments.
 */
export function normalizeDocumentPath(pathOrUrl: unknown): string | null {
  if (typeof pathOrUrl !== 'string') return null;
  let path = pathOrUrl.trim().split(/[?#]/)[0] ?? '';
  const marker = path.indexOf(DOCUMENTS_MARKER);
  if (marker >= 0) path = path.slice(marker + DOCUMENTS_MARKER.length);
  try {
    path = decodeURIComponent(path);
  } catch {
    return null;
  }
  if (path === '' || path.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(path)) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rejects.
  if (/[\\\u0000-\u001f\u007f]/.test(path)) return null;
  const segments = path.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
  return path;
}
