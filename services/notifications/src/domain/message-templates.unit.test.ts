import { describe, expect, it } from 'vitest';
import { changesOf, channelsView, marketingAllows, maskEmail } from './marketing-consent.ts';
import { brandedEmailHtml, fillTemplate, isStopReply, personValues, pickLanguage, whatsAppTemplateName } from './message-templates.ts';

describe('fillTemplate', () => {
  const t = {
    bodies: { en: 'Hi {{1}}, your {{2}} plan ends on {{3}}. See you, {{1}}!', hi: 'नमस्ते {{1}}, आपका {{2}} प्लान {{3}} को समाप्त होगा।' },
    variables: ['firstName', 'planName', 'endDate'],
  };

  it('replaces each {{n}} (repeated ones too) with the n-th variable, in the language asked', () => {
    const f = fillTemplate(t, 'en', { firstName: 'Asha', planName: 'Premium', endDate: '31 Mar 2030' });
    expect(f).toEqual({
      language: 'en',
      text: 'Hi Asha, your Premium plan ends on 31 Mar 2030. See you, Asha!',
      variables: ['Asha', 'Premium', '31 Mar 2030'],
      missing: [],
    });
    expect(fillTemplate(t, 'hi', { firstName: 'आशा', planName: 'Premium', endDate: '31 मार्च 2030' }).text).toBe(
      'नमस्ते आशा, आपका Premium प्लान 31 मार्च 2030 को समाप्त होगा।',
    );
  });

  it('a language the template lacks falls back to the one it has', () => {
    const f = fillTemplate({ bodies: { hi: 'नमस्ते {{1}}' }, variables: ['firstName'] }, 'en', { firstName: 'Ravi' });
    expect(f).toMatchObject({ language: 'hi', text: 'नमस्ते Ravi' });
    expect(pickLanguage({ bodies: {} }, 'en')).toBeNull();
  });

  it('a value the person lacks is empty and listed as missing; parameters are one line', () => {
    const f = fillTemplate(t, 'en', { firstName: ' Asha\n\tK ', endDate: '31 Mar 2030' });
    expect(f.variables).toEqual(['Asha K', '', '31 Mar 2030']);
    expect(f.missing).toEqual(['planName']);
    expect(f.text).toBe('Hi Asha K, your  plan ends on 31 Mar 2030. See you, Asha K!');
  });

  it('email: subject filled, HTML with the values escaped', () => {
    const f = fillTemplate(
      { bodies: { en: 'Hi {{1}}' }, subject: { en: 'Offer for {{1}}' }, html: { en: '<p>Hi <b>{{1}}</b> {{9}}</p>' }, variables: ['firstName'] },
      'en',
      { firstName: '<script>"x"</script>' },
    );
    expect(f.subject).toBe('Offer for <script>"x"</script>');
    expect(f.html).toBe('<p>Hi <b>&lt;script&gt;&quot;x&quot;&lt;/script&gt;</b> {{9}}</p>');
  });
});

describe('personValues', () => {
  it('names, plan, end date and days left in the language; unknown facts absent', () => {
    const v = personValues({ firstName: 'Asha', lastName: 'Verma', planName: 'Premium', endDate: '2030-03-31', today: '2030-03-24', gymName: 'Iron Temple' });
    expect(v).toEqual({
      firstName: 'Asha',
      lastName: 'Verma',
      fullName: 'Asha Verma',
      planName: 'Premium',
      endDate: '31 Mar 2030',
      daysLeft: '7',
      gymName: 'Iron Temple',
    });
    expect(personValues({ firstName: 'Asha', lastName: '', endDate: '2030-03-31', today: '2030-04-02', language: 'hi' })).toMatchObject({
      fullName: 'Asha',
      daysLeft: '0',
      endDate: '31 मार्च 2030',
    });
    expect(personValues({ firstName: 'A', lastName: 'B', endDate: 'soon' })).not.toHaveProperty('endDate');
  });
});

describe('STOP replies', () => {
  it.each(['STOP', 'stop', ' Stop. ', 'UNSUBSCRIBE', 'रोकें', 'Stop all'])('"%s" stops', (s) => expect(isStopReply(s)).toBe(true));
  it.each(['stop it please', 'Hi', 'nonstop', ''])('"%s" does not', (s) => expect(isStopReply(s)).toBe(false));
});

describe('marketing consent rules', () => {
  const at = new Date('2030-03-01T00:00:00Z');
  it('a marketing message needs consent granted on that channel; a utility message does not look at it', () => {
    const recorded = [
      { channel: 'whatsapp' as const, granted: true },
      { channel: 'email' as const, granted: false },
    ];
    expect(marketingAllows('marketing', 'whatsapp', recorded)).toBe(true);
    expect(marketingAllows('marketing', 'email', recorded)).toBe(false);
    expect(marketingAllows('marketing', 'sms', recorded)).toBe(false);
    expect(marketingAllows('utility', 'sms', [])).toBe(true);
  });
  it('the view always has the three channels in order; a change names only the channels given', () => {
    expect(channelsView([{ channel: 'email', granted: true, method: 'front_desk', changedAt: at }])).toEqual([
      { channel: 'whatsapp', granted: false, method: null, changedAt: null },
      { channel: 'sms', granted: false, method: null, changedAt: null },
      { channel: 'email', granted: true, method: 'front_desk', changedAt: at.toISOString() },
    ]);
    expect(changesOf({ email: false, whatsapp: true })).toEqual([
      { channel: 'whatsapp', granted: true },
      { channel: 'email', granted: false },
    ]);
  });
  it('masks an address', () => expect(maskEmail('asha@example.in')).toBe('a•••@example.in'));
});

describe('WhatsApp and email', () => {
  it("a template's platform name is the gym's name and 8 hex of the organization", () =>
    expect(whatsAppTemplateName('1A2B3C4D-0000-4000-8000-000000000000', 'diwali_offer')).toBe('diwali_offer_1a2b3c4d'));
  it('the branded email escapes the gym name, refuses a colour that is not hex, and carries the unsubscribe link', () => {
    const html = brandedEmailHtml({ gymName: 'A&B <Gym>', brandColor: 'red;x', html: '<p>x</p>', language: 'en', unsubscribeUrl: 'https://x/u?t=1&a=2' });
    expect(html).toContain('A&amp;B &lt;Gym&gt;');
    expect(html).toContain('background:#4f46e5');
    expect(html).toContain('href="https://x/u?t=1&amp;a=2"');
  });
});
