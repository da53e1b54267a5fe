import { type ComponentProps, type ReactNode, useId } from 'react';

export interface CardProps extends Omit<ComponentProps<'section'>, 'title'> {
  title?: ReactNode;
  description?: ReactNode;
  /** Heading level of the title, to keep the page outline right. */
  titleLevel?: 2 | 3;
  /** Buttons or links shown beside the title. */
  actions?: ReactNode;
}

export function Card({
  title,
  description,
  titleLevel = 2,
  actions,
  className = '',
  children,
  ...props
}: CardProps) {
  const Heading = titleLevel === 2 ? 'h2' : 'h3';
  const headingId = useId();
  // A titled card is a region named by its title, unless the caller names it otherwise.
  const named = title && props['aria-label'] === undefined ? headingId : undefined;
  return (
    <section
      aria-labelledby={named}
      className={`rounded-lg border border-neutral-200 bg-white p-4 shadow-xs sm:p-6 ${className}`}
      {...props}
    >
      {(title || actions) && (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-2">
          <div>
            {title && (
              <Heading id={headingId} className="text-lg font-semibold text-neutral-900">
                {title}
              </Heading>
            )}
            {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
        </div>
      )}
      {children}
    </section>
  );
}
