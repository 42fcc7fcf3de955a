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
  bodies: { en: 'Hi {{1}}, renew by {{2}}. Reply STOP to unsubscribe' },
  variables: ['firstName', 'endDate'],
};

describe('MessageTemplateInput', () => {
  it('takes a WhatsApp template whose placeholders are exactly {{1}}…{{n}} for its n variables', () => {
    expect(issues(wa)).toEqual([]);
    expect(
      issues({
        ...wa,
        bodies: { en: 'Hi {{1}} {{1}}, renew by {{2}}. Reply STOP to unsubscribe', hi: 'नमस्ते {{1}}, {{2}} तक। सदस्यता छोड़ने के लिए रोकें लिखकर भेजें' },
      }),
    ).toEqual([]);
  });

  it('refuses a placeholder without a variable, a variable without its placeholder, and an unknown field', () => {
    expect(issues({ ...wa, bodies: { en: 'Hi {{1}} {{3}} STOP' } })).toEqual(expect.arrayContaining([expect.stringContaining('{{3}} has no variable')]));
    expect(issues({ ...wa, bodies: { en: 'Hi {{1}}. Reply STOP to unsubscribe' } })).toEqual(['bodies.en: The text must use {{2}} (variable 2)']);
    expect(issues({ ...wa, variables: ['firstName', 'shoeSize'] })).toHaveLength(1);
  });

  it('refuses a WhatsApp name the platform would not take, and a template with no language', () => {
    expect(issues({ ...wa, name: 'Renewal Offer' })).toEqual(['name: Name may have only lowercase letters, digits and underscores']);
    expect(issues({ ...wa, bodies: {}, variables: [] })).toEqual(['bodies: Message: write it in English, Hindi or both']);
  });

  it('a marketing WhatsApp or SMS says how to opt out in each of its languages (STOP; in Hindi रोकें or STOP); utility and email need not', () => {
    expect(issues({ ...wa, bodies: { en: 'Hi {{1}}, renew by {{2}}.' } })).toEqual([
      'bodies.en: A marketing message must tell how to opt out: add “Reply STOP to unsubscribe”',
    ]);
    expect(issues({ ...wa, bodies: { ...wa.bodies, hi: 'नमस्ते {{1}}, {{2}} तक।' } })).toEqual([
      'bodies.hi: A marketing message in Hindi must tell how to opt out: add “सदस्यता छोड़ने के लिए रोकें लिखकर भेजें”',
    ]);
    expect(issues({ ...wa, bodies: { hi: 'नमस्ते {{1}}, {{2}} तक। बंद करने के लिए STOP भेजें' } })).toEqual([]);
    // "stop" in lower case is an ordinary word, not the reply keyword.
    expect(issues({ ...wa, bodies: { en: 'Don’t stop now {{1}}, renew by {{2}}.' } })).toHaveLength(1);
    const sms = {
      channel: 'sms',
      name: 'Offer',
      category: 'marketing',
      bodies: { en: 'Hi {{1}}, 20% off.' },
      variables: ['firstName'],
      dltTemplateId: '1107161234567890123',
      senderHeader: '123456',
    };
    expect(issues(sms)).toEqual(['bodies.en: A marketing message must tell how to opt out: add “Reply STOP to unsubscribe”']);
    expect(issues({ ...sms, category: 'utility' })).toEqual([]);
    expect(issues({ ...wa, category: 'utility', bodies: { en: 'Hi {{1}}, renew by {{2}}.' } })).toEqual([]);
    const email = {
      channel: 'email',
      name: 'Offer',
      category: 'marketing',
      subject: { en: 'Hi {{1}}' },
      bodies: { en: 'Hi {{1}}' },
      html: { en: '<p>{{1}}</p>' },
      variables: ['firstName'],
    };
    expect(issues(email)).toEqual([]);
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
