import { describe, expect, it } from 'vitest';
import { RULES } from './rules.ts';
import { approvedWhatsAppTemplates, stemsWithoutTemplate, WHATSAPP_TEMPLATES, whatsAppTemplateFor } from './whatsapp-templates.ts';

describe('the WhatsApp template catalogue', () => {
  it('has a template for every notification text but announcements (staff’s own words go only inside the window)', () => {
    expect(stemsWithoutTemplate()).toEqual([]);
    for (const line of Object.values(RULES))
      for (const t of line.tell)
        expect(
          WHATSAPP_TEMPLATES.some((w) => w.stem === t.template),
          t.template,
        ).toBe(true);
  });

  it.each(WHATSAPP_TEMPLATES.map((t) => [t.name, t] as const))('%s: a name WhatsApp accepts; both languages use exactly {{1}}…{{n}}', (_n, t) => {
    expect(t.name).toMatch(/^[a-z0-9_]{1,512}$/);
    for (const lang of ['en', 'hi'] as const) {
      const body = t.body[lang];
      expect(body, `${t.name} ${lang}`).not.toMatch(/\{\w+\}(?!\})/);
      const used = [...new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
      expect(used, `${t.name} ${lang}`).toEqual(t.variables.map((_v, i) => i + 1));
      expect(body.length).toBeLessThanOrEqual(1024);
    }
  });

  it('fills a template’s variables from the notification’s params, one line each, never empty', () => {
    expect(whatsAppTemplateFor('membership_expiring', 'hi', { days: '7', endDate: '2026-12-06', name: 'Riya' })).toEqual({
      name: 'akhada_membership_expiring',
      language: 'hi',
      parameters: ['7', '2026-12-06'],
    });
    expect(whatsAppTemplateFor('class_cancelled', 'en', { className: 'Yoga\nflow', date: '2026-12-01', time: '07:00', reason: '' })?.parameters).toEqual([
      'Yoga flow',
      '2026-12-01',
      '07:00',
      '—',
    ]);
    expect(whatsAppTemplateFor('announcement', 'en', {})).toBeNull();
  });

  it('lists each template once per language for the stand-in', () => {
    const approved = approvedWhatsAppTemplates();
    expect(approved).toHaveLength(WHATSAPP_TEMPLATES.length * 2);
    expect(approved.find((t) => t.name === 'akhada_payment_overdue_member' && t.language === 'en')).toMatchObject({
      category: 'utility',
      body: '*Payment overdue*\n\nYour payment of ₹{{1}} was due on {{2}} ({{3}} day(s) ago). Please pay to keep training without a break.',
    });
  });
});
