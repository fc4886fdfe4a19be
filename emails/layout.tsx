import type { ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Preview } from '@react-email/preview';
import { Text } from '@react-email/text';

export function EmailLayout({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body
        style={{ backgroundColor: '#f6f7f9', fontFamily: 'system-ui, -apple-system, Segoe UI, Roboto, sans-serif' }}
      >
        <Container style={{ backgroundColor: '#ffffff', padding: '24px', borderRadius: '8px', maxWidth: '560px' }}>
          <Heading as="h1" style={{ fontSize: '20px', margin: '0 0 16px' }}>
            {heading}
          </Heading>
          {children}
          <Text style={{ color: '#6b7280', fontSize: '12px', marginTop: '24px' }}>
            Sent by Tracker, your error tracker.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
