// Issue 8, findings 1 and 3 (contracts part): text with U+0000 and dates outside a sensible window are refused by the
// contracts, with a message that says what is wrong, before any service or database sees them.
import { describe, expect, it } from 'vitest';
import { authRoutes, ChangePasswordBody, CreateLocationBody, CreateStaffBody, ProfileBody, RegisterBody, ResetPasswordBody } from './auth.ts';
import { CreateMemberBody, MemberListQuery } from './members.ts';
import { NotificationListQuery } from './notifications.ts';
import { ContactBody } from './public.ts';
import { BirthDate, MembershipStartDate, Text } from './route.ts';

const NUL = '\u0000';
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('text fields refuse U+0000', () => {
  const cases: [
    string,
    { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } },
    Record<string, unknown>,
    string,
  ][] = [
    [
      'register',
      RegisterBody,
      { firstName: `A${NUL}`, lastName: 'B', email: 'a@b.in', phone: '9876543210', password: 'password1', role: 'admin' },
      'firstName: First name must not contain the NUL character (U+0000)',
    ],
    [
      'contact',
      ContactBody,
      { name: 'Asha', email: 'a@b.in', message: `Please call ${NUL} me back`, topic: 'sales' },
      'message: Message must not contain the NUL character (U+0000)',
    ],
    ['profile', ProfileBody, { address: { city: `Pune${NUL}` } }, 'address.city: City must not contain the NUL character (U+0000)'],
    ['location', CreateLocationBody, { name: `Main${NUL}`, city: 'Pune' }, 'name: Location name must not contain the NUL character (U+0000)'],
    [
      'staff',
      CreateStaffBody,
      {
        firstName: 'A',
        lastName: `B${NUL}`,
        email: 'a@b.in',
        phone: '9876543210',
        role: 'trainer',
        locationIds: ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'],
        password: 'password1',
      },
      'lastName: Last name must not contain the NUL character (U+0000)',
    ],
    [
      'member',
      CreateMemberBody,
      { firstName: 'A', lastName: `B${NUL}`, email: 'a@b.in', phone: '9876543210' },
      'lastName: Last name must not contain the NUL character (U+0000)',
    ],
    ['member search', MemberListQuery, { search: NUL }, 'search: Search must not contain the NUL character (U+0000)'],
    ['notification category', NotificationListQuery, { category: NUL }, 'category: Category must not contain the NUL character (U+0000)'],
    ['login password', authRoutes.login.body, { email: 'a@b.in', password: `x${NUL}` }, 'password: Password must not contain the NUL character (U+0000)'],
  ];
  it.each(cases)('%s', (_name, schema, value, expected) => {
    const r = schema.safeParse(value);
    expect(r.success).toBe(false);
    expect(messages(r)).toContain(expected);
  });

  it('names the field when a text field is missing or not text', () => {
    expect(Text('City').safeParse(undefined).error?.issues[0]?.message).toBe('City is required');
    expect(Text('City').safeParse(42).error?.issues[0]?.message).toBe('City is required');
    expect(Text('City').parse('Pune')).toBe('Pune');
  });
});

describe('text fields refuse control characters and bidi overrides, naming the field', () => {
  const BEL = '\u0007';
  const ESC = '\u001b[31m';
  const controls = ['\u0001', BEL, '\b', ESC, '\u000b', '\u000c', '\u001f', '\u007f', '\u0085', '\u009b', '\t', '\n', '\r'];
  const bidi = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

  it.each(controls.map((c) => [JSON.stringify(c), c]))('a one-line field refuses %s', (_name, c) => {
    expect(
      Text('City')
        .safeParse(`Pu${c}ne`)
        .error?.issues.map((i) => i.message),
    ).toEqual(['City must not contain control characters such as tabs or line breaks']);
  });

  it.each(bidi.map((c) => [`U+${c.codePointAt(0)!.toString(16).toUpperCase()}`, c]))('refuses %s', (_name, c) => {
    expect(
      Text('First name')
        .safeParse(`${c}Asha`)
        .error?.issues.map((i) => i.message),
    ).toEqual(['First name must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)']);
  });

  it('multi-line text keeps tabs and line breaks, and refuses the other control characters', () => {
    const message = Text('Message', { multiline: true });
    expect(message.parse('Hello,\r\n\tplease call me back.\n')).toBe('Hello,\r\n\tplease call me back.\n');
    expect(message.safeParse(`Hello${BEL}`).error?.issues[0]?.message).toBe('Message must not contain control characters other than tabs and line breaks');
    expect(message.safeParse(`Hello\u202e`).success).toBe(false);
    expect(ContactBody.shape.message.safeParse('Hello,\nplease call me back about plans.').success).toBe(true);
  });

  it('accepts what people do type: Indic scripts with joiners, right-to-left text with its marks, accents, emoji', () => {
    for (const v of ['क्\u200dष', 'श्रीमती अन्नपूर्णा', 'محمد\u200f علي', 'Zoë O’Brien-Łukasz', 'Gym 💪']) expect(Text('Name').safeParse(v).success, v).toBe(true);
  });

  const base = { firstName: 'A', lastName: 'B', email: 'a@b.in', phone: '9876543210' };
  const cases: [
    string,
    { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } },
    Record<string, unknown>,
    string,
  ][] = [
    [
      'register name',
      RegisterBody,
      { ...base, password: 'password1', role: 'admin', gymName: `Iron${ESC} Gym` },
      'gymName: Gym name must not contain control characters such as tabs or line breaks',
    ],
    [
      'register password',
      RegisterBody,
      { ...base, password: `password1${BEL}`, role: 'admin' },
      'password: Password must not contain control characters such as tabs or line breaks',
    ],
    [
      'profile address',
      ProfileBody,
      { address: { street: '\u202eMG Road' } },
      'address.street: Street must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)',
    ],
    [
      'profile emergency contact',
      ProfileBody,
      { emergencyContact: { name: `Ravi${BEL}` } },
      'emergencyContact.name: Emergency contact name must not contain control characters such as tabs or line breaks',
    ],
    [
      'location city',
      CreateLocationBody,
      { name: 'Main', city: `Pune\u2066` },
      'city: City must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)',
    ],
    [
      'staff password',
      CreateStaffBody,
      { ...base, role: 'trainer', locationIds: ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b'], password: '\u202epassword1' },
      'password: Password must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)',
    ],
    [
      'member name',
      CreateMemberBody,
      { ...base, firstName: `A${ESC}` },
      'firstName: First name must not contain control characters such as tabs or line breaks',
    ],
    [
      'contact name',
      ContactBody,
      { name: `Asha\u202e`, email: 'a@b.in', message: 'Please call me back', topic: 'sales' },
      'name: Name must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)',
    ],
    [
      'change password',
      ChangePasswordBody,
      { currentPassword: 'old password', newPassword: `new${BEL}password` },
      'newPassword: Password must not contain control characters such as tabs or line breaks',
    ],
    [
      'reset password',
      ResetPasswordBody,
      { token: 'x'.repeat(30), password: `new\u2067password` },
      'password: Password must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)',
    ],
    [
      'login password',
      authRoutes.login.body,
      { email: 'a@b.in', password: `x${BEL}` },
      'password: Password must not contain control characters such as tabs or line breaks',
    ],
    ['member search', MemberListQuery, { search: `a${ESC}` }, 'search: Search must not contain control characters such as tabs or line breaks'],
    [
      'notification category',
      NotificationListQuery,
      { category: '\u202ex' },
      'category: Category must not contain invisible text-direction characters (U+202A–U+202E, U+2066–U+2069)',
    ],
  ];
  it.each(cases)('%s', (_name, schema, value, expected) => {
    const r = schema.safeParse(value);
    expect(r.success).toBe(false);
    expect(messages(r)).toContain(expected);
  });
});

describe('dates stay within a sensible window', () => {
  it('accepts a birth date from 1900 up to today, and refuses one before 1900 or in the future', () => {
    expect(BirthDate.safeParse('1900-01-01').success).toBe(true);
    expect(BirthDate.safeParse(day(0)).success).toBe(true);
    expect(BirthDate.safeParse('1899-12-31').error?.issues[0]?.message).toBe('Date of birth must be on or after 1900-01-01');
    expect(BirthDate.safeParse(day(3)).error?.issues[0]?.message).toBe('Date of birth cannot be in the future');
    expect(BirthDate.safeParse('1990-02-30').error?.issues[0]?.message).toBe('Date of birth must be a date such as 1990-04-21');
    expect(messages(ProfileBody.safeParse({ dateOfBirth: '9999-01-01' }))).toEqual(['dateOfBirth: Date of birth cannot be in the future']);
  });

  it('accepts a membership start within five years back and one year ahead, and refuses year 9999 or 1900', () => {
    expect(MembershipStartDate.safeParse(day(0)).success).toBe(true);
    expect(MembershipStartDate.safeParse(day(-4 * 365)).success).toBe(true);
    expect(MembershipStartDate.safeParse(day(300)).success).toBe(true);
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.in', phone: '9876543210' };
    expect(messages(CreateMemberBody.safeParse({ ...base, startDate: '9999-12-31' }))).toEqual(['startDate: Start date cannot be more than 1 year ahead']);
    expect(messages(CreateMemberBody.safeParse({ ...base, startDate: '1900-01-01' }))).toEqual(['startDate: Start date cannot be more than 5 years ago']);
  });
});
