// What a route accepts, read from its contract's zod schemas (through zod's JSON Schema output), and a valid request
// built from it: the guards break one field of a valid request at a time, so the broken field is the only reason to
// refuse it.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { E2E } from '../e2e-ports.ts';

export interface FieldSpec {
  type: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'unknown';
  nullable: boolean;
  format?: string;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: FieldSpec;
  properties?: Record<string, FieldSpec>;
  required?: string[];
  /** Unknown keys are refused (z.strictObject / .strict()). */
  strict?: boolean;
}

type Js = Record<string, unknown>;

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);

/** Reads the input side (required fields, defaults, strictness) and takes formats from the output side (an email is a trimmed string piped into z.email()). */
const toSpec = (input: Js | undefined, output: Js | undefined): FieldSpec => {
  const i = input ?? {};
  const o = output ?? {};
  const nonNull = (s: Js): [Js, boolean] => {
    const any = s.anyOf as Js[] | undefined;
    if (!any) return [s, false];
    const rest = any.filter((x) => x.type !== 'null');
    return rest.length === 1 ? [rest[0]!, rest.length !== any.length] : [{}, rest.length !== any.length];
  };
  const [inp, nullable] = nonNull(i);
  const [out] = nonNull(o);
  const t = (inp.type ?? out.type) as string | undefined;
  const type = (t && TYPES.has(t) ? t : inp.enum || out.enum ? 'string' : 'unknown') as FieldSpec['type'];
  const pick = <K extends string>(k: K) => (inp[k] ?? out[k]) as never;
  const spec: FieldSpec = { type, nullable };
  for (const k of ['format', 'enum', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'minItems', 'maxItems'] as const) {
    if (pick(k) !== undefined) (spec as unknown as Js)[k] = pick(k);
  }
  // Several regexes on one string (the text base's checks and a field's own, as for a phone) come as allOf patterns.
  if (spec.pattern === undefined) {
    const patterns = [...((inp.allOf as Js[] | undefined) ?? []), ...((out.allOf as Js[] | undefined) ?? [])]
      .map((x) => x.pattern)
      .filter((x) => typeof x === 'string');
    if (patterns.length) spec.pattern = patterns.at(-1) as string;
  }
  if (type === 'array') spec.items = toSpec(inp.items as Js | undefined, out.items as Js | undefined);
  if (type === 'object') {
    const ip = (inp.properties ?? {}) as Record<string, Js>;
    const op = (out.properties ?? {}) as Record<string, Js>;
    spec.properties = Object.fromEntries(Object.keys({ ...ip, ...op }).map((k) => [k, toSpec(ip[k], op[k])]));
    spec.required = (inp.required as string[] | undefined) ?? [];
    spec.strict = inp.additionalProperties === false;
  }
  return spec;
};

const described = new WeakMap<z.ZodType, FieldSpec>();

/** The schema as the guard reads it; worked out once per schema (a route's cases ask for it once per case). Read-only. */
export const describeSchema = (schema: z.ZodType): FieldSpec => {
  let spec = described.get(schema);
  if (!spec) {
    spec = toSpec(
      z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Js,
      z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Js,
    );
    described.set(schema, spec);
  }
  return spec;
};

/** What a sample needs from the running product: the caller's location, a gym's join code, the caller's password. */
export interface SampleContext {
  locationId: string;
  joinCode: string;
  currentPassword: string;
}

type Hint = (ctx: SampleContext) => unknown;
const uniqueEmail = () => `guard-${randomUUID().slice(0, 12)}@example.in`;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Values for fields whose name says what they hold, where "any string of the right length" would not be valid or
 * would not reach the code behind the schema (a location the caller may act in, a real join code).
 */
const FIELD_HINTS: Record<string, Hint> = {
  email: () => uniqueEmail(),
  phone: () => '+91 98765 43210',
  password: () => 'Guard new pass 2026',
  newPassword: () => 'Guard new pass 2026',
  currentPassword: (c) => c.currentPassword,
  gymCode: (c) => c.joinCode,
  locationId: (c) => c.locationId,
  locationIds: (c) => [c.locationId],
  token: () => 'guard-not-a-real-reset-token-0000000000000',
  message: () => 'Please tell me more about the plans for my gym.',
  // Weekly slots: local times, the end after the start.
  startTime: () => '06:30',
  endTime: () => '09:00',
  // Scheduling: a class type's colour is a hex colour.
  colour: () => '#4f46e5',
};

/** Per route, where the generic sample would be refused for a reason of the route's own (`<route>.<field>`). */
const ROUTE_HINTS: Record<string, Hint> = {
  // A well-formed API key nobody holds (introspection answers 401); a real one is made by the API key guard.
  'apiKeys.introspect.key': () => `ak_live_Guard000_${'A'.repeat(43)}`,
  // Admins may add trainers, not admins: a trainer keeps the sample valid for every role the route lists.
  'auth.createStaff.role': () => 'trainer',
  // Two-factor: turning it off with a password (a wrong one is a 400 that changes nothing); a code has six digits.
  'auth.updateTwoFactor.enabled': () => false,
  // The guards share one gym: requiring two-factor of its staff would lead every admin and trainer to enrolment.
  'auth.updateSecurityPolicy.requireTwoFactorForStaff': () => false,
  'auth.updateTwoFactor.password': () => 'guard password',
  'auth.login.twoFactorCode': () => '123456',
  'auth.updateTwoFactor.code': () => '123456',
  // Razorpay names its events in dotted lower case.
  'payments.razorpayWebhook.event': () => 'payment.captured',
  // Razorpay's key ids and GST numbers have fixed shapes.
  'payments.putRazorpayIntegration.keyId': () => 'rzp_test_Guard0000Sample',
  'payments.putRazorpayIntegration.keySecret': () => 'guard_key_secret_0000',
  // Razorpay signs its webhooks with this secret: required until one is stored (issue 31).
  'payments.putRazorpayIntegration.webhookSecret': () => 'guard_webhook_secret_0000',
  // Tax settings: a GST-registered location with a GSTIN of its state (the check character must match).
  'payments.putTaxSettings.sacCode': () => '999723',
  'payments.putTaxSettings.locations': (c) => [
    {
      locationId: c.locationId,
      gstRegistered: true,
      gstin: '27AAGCG1234K1ZN',
      stateCode: '27',
      legalName: 'Guard Fitness',
      address: 'Pune',
      invoicePrefix: 'GRD',
    },
  ],
  // Tally export (issue 29): the guard gym's GSTIN (set by putTaxSettings' sample; before that, a 404 that changes nothing).
  'tally.export.gstin': () => '27AAGCG1234K1ZN',
  // A business customer on a payment (B2B invoice): a GSTIN whose check character matches.
  'payments.create.billing': () => ({ gstin: '27AAGCG1234K1ZN', name: 'Guard Fitness', address: 'Pune' }),
  // Six categories of { enabled, channels { inApp, email, sms } }: the field named "email" is a switch here, not an address.
  'notifications.updatePreferences.notifications': () =>
    Object.fromEntries(
      ['payment', 'attendance', 'trainer', 'system', 'feedback', 'inventory'].map((c) => [
        c,
        { enabled: true, channels: { inApp: true, email: false, sms: false } },
      ]),
    ),
  // Gym settings: no locations or plans in the sample (a location id of the caller's gym is given where needed).
  'gymSettings.putGym.languages': () => ['en', 'hi'],
  'gymSettings.putGym.locations': () => [],
  'gymSettings.putGym.plans': () => [],
  'gymSettings.inviteStaff.role': () => 'trainer',
  // A signed attachment link's HMAC is 43 base64url characters (a wrong one is refused after the schema: 403).
  'chat.file.sig': () => 'A'.repeat(43),
  // A calendar feed's link is 43 base64url characters and .ics (an unknown one is refused after the schema: 404).
  'scheduling.calendarFeed.feed': () => `${'A'.repeat(43)}.ics`,
  // Inventory: bodies and fields that are unions (one of several actions or kinds) take one valid member; `(whole)`
  // hints a whole request part (tried first, used when the part's schema accepts it).
  'inventory.changeStock.(whole)': () => ({ action: 'receive', quantity: 1, unitCost: 1 }),
  'inventory.maintenance.(whole)': () => ({ action: 'start' }),
  'inventory.assign.assignTo': () => ({ kind: 'room', room: 'Guard studio' }),
  'inventory.posCreateSale.buyer': () => ({ kind: 'walk_in' }),
  // Settings → Integrations: the stack's SMTP sink as the gym's mail server (send test answers 200, not a 502), a
  // WhatsApp sender and key for the stand-in, and a webhook to this machine (http is allowed only for it outside production).
  'integrations.putEmail.host': () => '127.0.0.1',
  'integrations.putEmail.port': () => E2E.smtpPort,
  'integrations.putEmail.security': () => 'none',
  'integrations.putSms.sender': () => '100000000000009',
  'integrations.putSms.apiKey': () => 'guard-whatsapp-token',
  'integrations.testSms.to': () => '+91 98765 43210',
  'integrations.createWebhook.url': () => GUARD_WEBHOOK_URL,
  // Marketing consent: the field named "email" is a channel's switch here, not an address.
  'audience.updateMyMarketingConsent.email': () => true,
  'audience.updatePersonMarketingConsent.email': () => true,
  // A template is one of three channels (a union): an SMS one with a DLT id, under a new name each time (a name is unique).
  'audience.createTemplate.(whole)': () => guardTemplate(),
  'audience.updateTemplate.(whole)': () => guardTemplate(),
  'audience.previewDraft.template': () => guardTemplate(),
  // An SMS reply's sender is a phone number (the route answers 401 after the schema: the guard does not sign it).
  'audience.smsInbound.from': () => '919876543210',
  // Campaigns: a segment is of members or of leads (a union); a campaign is scheduled for tomorrow morning, so the
  // guard's valid requests queue no messages (its template id is unknown anyway: 404 after the schema).
  'campaigns.countSegment.segment': () => ({ audience: 'members' }),
  'campaigns.create.segment': () => ({ audience: 'members' }),
  'campaigns.create.sendAt': () => ({ date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), time: '09:30' }),
  // Automations: a trigger and an action are unions; a rule telling staff three days before a membership ends.
  'automations.create.trigger': () => ({ type: 'membership_expiring', days: 3 }),
  'automations.create.actions': () => [{ type: 'notify_staff' }],
  'automations.update.trigger': () => ({ type: 'membership_expiring', days: 3 }),
  'automations.update.actions': () => [{ type: 'notify_staff' }],
};

/** A valid SMS template of the audience routes, named afresh (names are unique per channel). */
const guardTemplate = () => ({
  channel: 'sms',
  name: `Guard ${randomUUID().slice(0, 8)}`,
  category: 'utility',
  bodies: { en: 'Dear {{1}}, your plan ends soon. -AKHADA' },
  variables: ['firstName'],
  dltTemplateId: '1107161234567890123',
  senderHeader: 'AKHADA',
});

/** Where the guards' webhooks point: the e2e stack's control port on this machine (its answer does not matter). */
export const GUARD_WEBHOOK_URL = `http://127.0.0.1:${E2E.controlPort}/guard-webhook`;

const plainString = (spec: FieldSpec): string => {
  const min = spec.minLength ?? 0;
  const max = spec.maxLength ?? 40;
  let s = 'Guard sample';
  while (s.length < min) s += ' text';
  return s.slice(0, Math.max(min, Math.min(max, s.length)));
};

export const sampleOf = (spec: FieldSpec, path: string, route: string, ctx: SampleContext, { allOptional = false } = {}): unknown => {
  const name = path.split('.').pop() ?? '';
  const hint = ROUTE_HINTS[`${route}.${path}`] ?? FIELD_HINTS[name];
  if (hint) return hint(ctx);
  if (spec.enum) return spec.enum[0];
  switch (spec.type) {
    case 'string':
      if (spec.format === 'email') return uniqueEmail();
      if (spec.format === 'uuid') return randomUUID();
      if (spec.format === 'date') return today();
      if (spec.format === 'date-time') return new Date().toISOString();
      return plainString(spec);
    case 'number':
      return spec.minimum ?? 0;
    case 'integer':
      return spec.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, spec.minItems ?? 1) }, () =>
        sampleOf(spec.items ?? { type: 'unknown', nullable: false }, `${path}[]`, route, ctx),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, p] of Object.entries(spec.properties ?? {})) {
        const sub = path ? `${path}.${k}` : k;
        const hinted = ROUTE_HINTS[`${route}.${sub}`] ?? FIELD_HINTS[k];
        if (allOptional || spec.required?.includes(k) || hinted) out[k] = sampleOf(p, sub, route, ctx, { allOptional });
      }
      return out;
    }
    default:
      return 'guard';
  }
};

/**
 * A request part (body, query or params) the contract accepts: the required fields (and hinted ones), else every
 * field. Throws when neither passes the schema, naming what to add, so a new route cannot slip past the guard.
 */
export const validSample = (schema: z.ZodType, route: string, ctx: SampleContext): unknown => {
  const spec = describeSchema(schema);
  const whole = ROUTE_HINTS[`${route}.(whole)`]?.(ctx);
  const tries = [...(whole === undefined ? [] : [whole]), sampleOf(spec, '', route, ctx), sampleOf(spec, '', route, ctx, { allOptional: true })];
  for (const t of tries) if (schema.safeParse(t).success) return t;
  const issues = schema.safeParse(tries[1]).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  throw new Error(`the guard cannot build a valid request for ${route} (${issues?.join('; ')}): add a hint in frontend/e2e/guard/samples.ts`);
};
