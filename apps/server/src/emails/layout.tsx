import { Body, Container, Head, Heading, Hr, Html, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** What every e-mail shares: the brand, its colour and the preview line shown in inbox lists. */
export interface Brand {
  name: string;
  color: string;
}

export const textStyle = { fontSize: '15px', lineHeight: '24px', color: '#1f2937', margin: '0 0 16px' };
export const mutedStyle = { ...textStyle, fontSize: '13px', color: '#6b7280' };

const bodyStyle = {
  backgroundColor: '#f3f4f6',
  fontFamily: '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  margin: 0,
  padding: '24px 0',
};

const cardStyle = {
  backgroundColor: '#ffffff',
  border: '1px solid #e5e7eb',
  borderRadius: '8px',
  maxWidth: '600px',
  padding: '32px',
};

/** The frame of every e-mail: brand header, a white card for the content, a quiet footer. */
export function EmailLayout(props: { brand: Brand; preview: string; title: string; children?: ReactNode }) {
  const { brand } = props;
  return (
    <Html lang="en">
      <Head>
        <title>{props.title}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={bodyStyle}>
        <Container style={cardStyle}>
          <Text
            style={{
              ...textStyle,
              color: brand.color,
              fontSize: '18px',
              fontWeight: 700,
              margin: '0 0 24px',
            }}
          >
            {brand.name}
          </Text>
          <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', margin: '0 0 16px' }}>
            {props.title}
          </Heading>
          <Section>{props.children}</Section>
          <Hr style={{ borderColor: '#e5e7eb', margin: '24px 0 16px' }} />
          <Text style={mutedStyle}>{`Sent by the ${brand.name} team.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}
