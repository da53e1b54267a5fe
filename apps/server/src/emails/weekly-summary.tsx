import { Link, Section, Text } from '@react-email/components';
import { type Brand, EmailLayout, mutedStyle, textStyle } from './layout.tsx';

interface WeeklySummaryEmailProps {
  brand: Brand;
  firstName: string;
  /** The jobs our team applied to since the last summary. */
  jobs: { title: string; company: string }[];
  /** Where the client follows their jobs, e.g. https://app.example.com/myjobs. */
  jobsUrl: string;
  /** The signed one-click link that stops these e-mails, no sign-in needed. */
  unsubscribeUrl: string;
}

export function weeklySummarySubject(brand: Brand, count: number): string {
  return `${brand.name}: we applied to ${count} ${count === 1 ? 'job' : 'jobs'} for you this week`;
}

/** Once a week, when there is something new: the jobs our team applied to for the client. */
export function WeeklySummaryEmail(props: WeeklySummaryEmailProps) {
  const greetingName = props.firstName.trim() || 'there';
  const linkStyle = { color: props.brand.color };
  const count = props.jobs.length;
  return (
    <EmailLayout
      brand={props.brand}
      title={`Your week, ${greetingName}`}
      preview={`We applied to ${count} ${count === 1 ? 'job' : 'jobs'} for you this week.`}
    >
      <Text
        style={textStyle}
      >{`This week our team applied to ${count} ${count === 1 ? 'job' : 'jobs'} for you:`}</Text>
      <Section>
        {props.jobs.map((job, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the list is rendered once, never reordered.
          <Text key={index} style={{ ...textStyle, margin: '0 0 8px' }}>
            {`• ${job.title || 'Untitled job'} at ${job.company || 'Company'}`}
          </Text>
        ))}
      </Section>
      <Text style={textStyle}>
        {'Follow them, and tell us what came of each, at '}
        <Link href={props.jobsUrl} style={linkStyle}>
          {props.jobsUrl}
        </Link>
        .
      </Text>
      <Text style={mutedStyle}>
        {'You get this summary once a week when there is something new. '}
        <Link href={props.unsubscribeUrl} style={linkStyle}>
          Unsubscribe from the weekly summary
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}
