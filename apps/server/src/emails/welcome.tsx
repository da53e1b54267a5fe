import { Heading, Link, Section, Text } from '@react-email/components';
import { type Brand, EmailLayout, textStyle } from './layout.tsx';

/** Promises the welcome e-mail makes; the admin preview and the tests read the same numbers. */
const FIRST_CONTACT_HOURS = 24;
const ONBOARDING_SLA_HOURS = 72;
const RESUME_CONSULTATION_PRICE = '$50';

interface WelcomeEmailProps {
  brand: Brand;
  firstName: string;
  /** Where the client follows their jobs, e.g. https://app.example.com/myjobs. */
  jobsUrl: string;
  /** WhatsApp number with country code, digits only. */
  whatsappNumber: string;
  /**
   * Where the client finishes onboarding, when they have not yet: the e-mail then asks them to,
   * instead of thanking them for something they have not done.
   */
  finishOnboardingUrl?: string | undefined;
}

export function welcomeSubject(brand: Brand): string {
  return `Welcome to ${brand.name}: your next steps`;
}

const sectionHeading = { fontSize: '16px', lineHeight: '24px', margin: '24px 0 8px' };

/** Sent to a client once staff have reviewed their onboarding. */
export function WelcomeEmail(props: WelcomeEmailProps) {
  const greetingName = props.firstName.trim() || 'there';
  const linkStyle = { color: props.brand.color };
  return (
    <EmailLayout
      brand={props.brand}
      title={`Welcome to ${props.brand.name}, ${greetingName}!`}
      preview={`Our team will contact you within ${FIRST_CONTACT_HOURS} hours.`}
    >
      {props.finishOnboardingUrl === undefined ? (
        <Text style={textStyle}>
          Thank you for completing your onboarding. Your recruiting team now has everything it needs to start
          your job search.
        </Text>
      ) : (
        <Text style={textStyle}>
          {'Thank you for starting your onboarding. A few answers are still missing: please finish them at '}
          <Link href={props.finishOnboardingUrl} style={linkStyle}>
            {props.finishOnboardingUrl}
          </Link>
          {' so your recruiting team has everything it needs to start your job search.'}
        </Text>
      )}
      <Heading as="h2" style={sectionHeading}>
        What happens next
      </Heading>
      <Text style={textStyle}>
        {`Within ${FIRST_CONTACT_HOURS} hours: a member of our team will contact you to introduce your application analyst.`}
      </Text>
      <Text style={textStyle}>
        {`Within ${ONBOARDING_SLA_HOURS} hours: we complete your onboarding (our onboarding SLA is ${ONBOARDING_SLA_HOURS} hours). ` +
          'Your team sets up your job search filters and tracker, then starts applying on your behalf.'}
      </Text>
      <Text style={textStyle}>
        {'Follow every job we find and apply to for you at '}
        <Link href={props.jobsUrl} style={linkStyle}>
          {props.jobsUrl}
        </Link>
        .
      </Text>
      <Heading as="h2" style={sectionHeading}>
        Optional: resume consultation
      </Heading>
      <Text style={textStyle}>
        {`If you would like an expert review of your resume, we offer a one-to-one resume consultation for ${RESUME_CONSULTATION_PRICE}. ` +
          'It is optional and not part of your plan; just reply to this e-mail if you are interested.'}
      </Text>
      <Section>
        <Text style={textStyle}>
          {'Questions? Message us on WhatsApp at '}
          <Link href={`https://wa.me/${props.whatsappNumber}`} style={linkStyle}>
            {`+${props.whatsappNumber}`}
          </Link>
          .
        </Text>
        <Text style={textStyle}>{`The ${props.brand.name} team`}</Text>
      </Section>
    </EmailLayout>
  );
}
