import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGE_ENDING, teamGreeting, whatsappLink } from './whatsapp-link.ts';

describe('the team page message', () => {
  it('carries the name and e-mail and ends with the spec words', () => {
    const message = teamGreeting('Ada Lovelace', 'ada@example.com');
    expect(message).toBe(
      "Hi! My name is Ada Lovelace, my email is ada@example.com, and I'd like to connect with the team for guidance on my job search.",
    );
    expect(message.endsWith(TEAM_MESSAGE_ENDING)).toBe(true);
  });

  it('still reads well without a name', () => {
    expect(teamGreeting('  ', 'ada@example.com')).toBe(
      "Hi! My email is ada@example.com, and I'd like to connect with the team for guidance on my job search.",
    );
  });

  it('opens a WhatsApp chat with the number and the encoded message', () => {
    const link = whatsappLink('+1 555 123 4567', 'Hi & welcome?');
    expect(link).toBe('https://wa.me/15551234567?text=Hi%20%26%20welcome%3F');
    expect(new URL(link).searchParams.get('text')).toBe('Hi & welcome?');
  });
});
