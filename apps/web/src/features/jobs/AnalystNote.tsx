import { linkifyNote } from '@app/domain/jobs-format';

/**
 * An analyst note with its http(s) addresses as links. Every part is a React text node or an anchor
 * built from a checked address, so markup in a note shows as the text it is.
 */
export function AnalystNote({ note }: { note: string }) {
  return (
    <>
      {linkifyNote(note).map((segment, index) =>
        segment.type === 'link' ? (
          <a
            // Segments never move; their position is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above.
            key={index}
            href={segment.href}
            target="_blank"
            rel="noopener noreferrer"
            className="break-all text-brand underline underline-offset-2"
          >
            {segment.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
