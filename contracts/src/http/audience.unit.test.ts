import { describe, expect, it } from 'vitest';
import { MarketingConsentChange, MessageTemplateInput, SmsInboundBody } from './audience.ts';

const issues = (x: unknown) => {
  const p = MessageTemplateInput.safeParse(x);
  return p.success ? [] : p.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};
const wa = {
  channel: 'whatsapp',
  name: 'renewal_offer',
  category: 'marketing',
  bodies: { en: 'Hi {{1}}, renew by {{2}}.' },
  variables: ['firstName', 'endDate'],
};

describe('MessageTemplateInput', () => {
  it('takes a WhatsApp template whose placeholders are exactly {{1}}…{{n}} for its n variables', () => {
    expect(issues(wa)).toEqual([]);
    expect(issues({ ...wa, bodies: { en: 'Hi {{1}} {{1}}, renew by {{2}}.', hi: 'नमस्ते {{1}}, {{2}} तक।' } })).toEqual([]);
  });

  it('refuses a placeholder without a variable, a variable without its placeholder, and an unknown field', () => {
    expect(issues({ ...wa, bodies: { en: 'Hi {{1}} {{3}}' } })).toEqual(expect.arrayContaining([expect.stringContaining('{{3}} has no variable')]));
    expect(issues({ ...wa, bodies: { en: 'Hi {{1}}' } })).toEqual(['bodies.en: The text must use {{2}} (variable 2)']);
    expect(issues({ ...wa, variables: ['firstName', 'shoeSize'] })).toHaveLength(1);
  });

  it('refuses a WhatsApp name the platform would not take, and a template with no language', () => {
    expect(issues({ ...wa, name: 'Renewal Offer' })).toEqual(['name: Name may have only lowercase letters, digits and underscores']);
    expect(issues({ ...wa, bodies: {}, variables: [] })).toEqual(['bodies: Message: write it in English, Hindi or both']);
  });

  it('SMS: a DLT id of digits and a 6-character header (upper-cased)', () => {
    const sms = {
      channel: 'sms',
      name: 'Renewal',
      category: 'utility',
      bodies: { en: 'Dear {{1}}' },
      variables: ['firstName'],
      dltTemplateId: '1107161234567890123',
    };
    expect(MessageTemplateInput.parse({ ...sms, senderHeader: 'akhada' })).toMatchObject({ senderHeader: 'AKHADA' });
    expect(MessageTemplateInput.parse({ ...sms, senderHeader: '123456' })).toMatchObject({ senderHeader: '123456' });
    expect(issues({ ...sms, senderHeader: 'AKHADAS' })).toHaveLength(1);
    expect(issues({ ...sms, senderHeader: 'AKHADA', dltTemplateId: 'DLT-1' })).toHaveLength(1);
    expect(issues({ ...sms, senderHeader: 'AKHADA', dltTemplateId: undefined })).toHaveLength(1);
  });

  it('email: each language has its subject, HTML and text together', () => {
    const email = {
      channel: 'email',
      name: 'Welcome',
      category: 'utility',
      subject: { en: 'Hi {{1}}' },
      bodies: { en: 'Hi {{1}}' },
      html: { en: '<p>{{1}}</p>' },
      variables: ['firstName'],
    };
    expect(issues(email)).toEqual([]);
    expect(issues({ ...email, bodies: { en: 'Hi {{1}}', hi: 'नमस्ते {{1}}' } })).toEqual([
      'subject.hi: Write the subject, HTML and text in Hindi, or none of them',
    ]);
    expect(issues({ ...email, subject: { en: 'Hi {{2}}' } })).toEqual(['subject.en: {{2}} has no variable: this template has 1 variable(s)']);
  });
});

describe('consent and replies', () => {
  it('a consent change names at least one channel, each true or false', () => {
    expect(MarketingConsentChange.safeParse({}).success).toBe(false);
    expect(MarketingConsentChange.safeParse({ sms: 'no' }).success).toBe(false);
    expect(MarketingConsentChange.parse({ email: false })).toEqual({ email: false });
  });
  it('an SMS reply needs a sender and text without control characters', () => {
    expect(SmsInboundBody.safeParse({ from: '919876543210', text: 'STOP' }).success).toBe(true);
    expect(SmsInboundBody.safeParse({ from: '919876543210', text: 'ST\u0000OP' }).success).toBe(false);
    expect(SmsInboundBody.safeParse({ text: 'STOP' }).success).toBe(false);
  });
});
