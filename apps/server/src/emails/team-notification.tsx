import {
  ADMIN_PROFILE_FIELDS,
  type AdminRecord,
  missingAdminRequirements,
  optionLabel,
} from '@app/domain/admin-email';
import type { JobFilterSet, SavedFilter } from '@app/domain/job-filters';
import { ACK_FIELDS, fieldBySnake } from '@app/domain/onboarding-fields';
import { Heading, Text } from '@react-email/components';
import { type Brand, EmailLayout, mutedStyle, textStyle } from './layout.tsx';

interface TeamNotificationProps {
  brand: Brand;
  clientEmail: string;
  record: AdminRecord;
  filters: JobFilterSet;
  /** The filters staff saved for the client; when there are none the generated set is shown. */
  savedFilters: SavedFilter[];
  /** The onboarding sections the client has not finished; empty when onboarding is complete. */
  missingSections: string[];
  /** File names of the documents attached to this e-mail. */
  attachments: string[];
}

export function teamNotificationSubject(
  record: AdminRecord,
  clientEmail: string,
  missingSections: readonly string[],
): string {
  const name = `${record.first_name} ${record.last_name}`.trim() || clientEmail;
  return missingSections.length === 0
    ? `New client onboarded: ${name} (${clientEmail})`
    : `Client onboarding in progress: ${name} (${clientEmail})`;
}

const money = (value: number | null) => (value === null ? '—' : `$${value.toLocaleString('en-US')}`);

const PROFILE_FIELDS = [...ADMIN_PROFILE_FIELDS, 'signature'] as const;

const cellStyle = { ...textStyle, margin: '0', padding: '4px 0', verticalAlign: 'top' as const };
const sectionHeading = { fontSize: '16px', lineHeight: '24px', margin: '24px 0 8px' };

function show(value: string | string[] | boolean | null): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value?.trim() ? value : '—';
}

/** A stored option value as the form labels it (`senior` reads "Senior Level"). */
function showField(key: (typeof PROFILE_FIELDS)[number], value: string | string[]): string {
  const label = (item: string) => optionLabel(key, item);
  return show(Array.isArray(value) ? value.map(label) : label(value));
}

function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return show(iso);
  return `${date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/** A two-column label/value table, written as plain table markup because every mail client reads it. */
function DetailsTable(props: { rows: [label: string, value: string][] }) {
  return (
    <table
      role="presentation"
      width="100%"
      cellPadding={0}
      cellSpacing={0}
      style={{ borderCollapse: 'collapse' }}
    >
      <tbody>
        {props.rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ ...cellStyle, color: '#6b7280', width: '45%' }}>{label}</td>
            <td style={cellStyle}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Tells the recruiting team that a client is ready, with what they need to start the search. */
export function TeamNotificationEmail(props: TeamNotificationProps) {
  const { record, filters } = props;
  const missing = missingAdminRequirements(record);
  const acknowledged = ACK_FIELDS.filter((ack) => record[ack.snake]).length;
  const clientName = show(`${record.first_name} ${record.last_name}`.trim());
  const complete = props.missingSections.length === 0;
  return (
    <EmailLayout
      brand={props.brand}
      title={complete ? 'New client ready for onboarding' : 'Client onboarding in progress'}
      preview={teamNotificationSubject(record, props.clientEmail, props.missingSections)}
    >
      <Text style={textStyle}>
        {complete
          ? `${clientName} (${props.clientEmail}) has completed onboarding. ` +
            'Please reach out within 24 hours and finish onboarding within 72 hours.'
          : `${clientName} (${props.clientEmail}) has not finished onboarding yet ` +
            `(missing: ${props.missingSections.join(', ')}). Please check in with them before starting the search.`}
      </Text>
      <Heading as="h2" style={sectionHeading}>
        Client details
      </Heading>
      <DetailsTable
        rows={[
          ...PROFILE_FIELDS.map((key): [string, string] => [
            fieldBySnake(key)?.label ?? key,
            showField(key, record[key]),
          ]),
          ['Onboarding Completed', show(record.onboarding_completed)],
          ['Acknowledgements', `${acknowledged} of ${ACK_FIELDS.length}`],
          ['All Required Filled', missing.length === 0 ? 'Yes' : `Missing: ${missing.join(', ')}`],
          ['Submitted', formatTimestamp(record.created_at)],
        ]}
      />
      {props.savedFilters.length > 0 ? (
        <>
          <Heading as="h2" style={sectionHeading}>
            Saved job search filters
          </Heading>
          {props.savedFilters.map((filter) => (
            <DetailsTable
              key={filter.id}
              rows={[
                ['Filter', filter.name],
                ['Query', filter.query],
                ['Include keywords', show(filter.filters.data_job_description)],
                ['Exclude keywords', show(filter.filters.exclude_job_description)],
                ['Minimum salary', money(filter.filters.min_salary)],
                ['Remote', show(filter.filters.is_remote)],
              ]}
            />
          ))}
        </>
      ) : (
        <>
          <Heading as="h2" style={sectionHeading}>
            Job search filters (generated, not saved yet)
          </Heading>
          <DetailsTable
            rows={[
              ['Queries', show(filters.queries)],
              ['Include keywords', show(filters.inclusion_filters.data_job_description)],
              ['Exclude keywords', show(filters.exclusion_filters.data_job_description)],
              ['Minimum salary', money(filters.min_salary)],
              ['Remote', show(filters.is_remote)],
            ]}
          />
        </>
      )}
      <Heading as="h2" style={sectionHeading}>
        Attached documents
      </Heading>
      <Text style={props.attachments.length > 0 ? textStyle : mutedStyle}>
        {props.attachments.length > 0 ? props.attachments.join(', ') : 'No documents were uploaded.'}
      </Text>
    </EmailLayout>
  );
}
