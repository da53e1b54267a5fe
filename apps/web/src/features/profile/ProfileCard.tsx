import type { ProfileEntry } from '@app/domain/profile-display';
import { Card } from '../../components/ui/Card.tsx';
import { displayProfileValue, webLink } from '../../lib/profile-values.ts';
import { DocumentRow } from './DocumentRow.tsx';
import type { ProfileCardContent } from './profile-cards.ts';

/** One card of the profile: label and value pairs, then the card's documents. */
export function ProfileCard({ content }: { content: ProfileCardContent }) {
  return (
    <Card title={content.title}>
      {content.entries.length > 0 && (
        <dl className="space-y-3">
          {content.entries.map((entry) => (
            <div
              key={entry.key}
              className="grid grid-cols-1 gap-0.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
            >
              <dt className="text-sm text-neutral-600">{entry.label}</dt>
              {/* A long e-mail address or link breaks anywhere rather than widen the card past a phone. */}
              <dd className="min-w-0 text-sm font-medium wrap-anywhere text-neutral-900">
                <EntryValue entry={entry} />
              </dd>
            </div>
          ))}
        </dl>
      )}
      {content.documents.length > 0 && (
        <div className={`space-y-3 ${content.entries.length > 0 ? 'mt-4' : ''}`}>
          {content.documents.map((entry) => (
            <DocumentRow key={entry.key} entry={entry} />
          ))}
        </div>
      )}
    </Card>
  );
}

function EntryValue({ entry }: { entry: ProfileEntry }) {
  const href = entry.key === 'linkedin_url' ? webLink(entry.raw) : null;
  const text = displayProfileValue(entry);
  if (!href) return text;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-brand underline underline-offset-2"
    >
      {text}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
