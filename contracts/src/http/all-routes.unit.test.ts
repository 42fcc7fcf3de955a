import { describe, expect, it } from 'vitest';
import { Role } from '../enums.ts';
import { allRouteContracts } from './all-routes.ts';
import * as contracts from '../index.ts';

describe('route registry', () => {
  it('lets a guest call exactly the routes declared auth: false (the gateway derives its public paths from this)', () => {
    expect(
      allRouteContracts
        .filter((r) => !r.contract.auth)
        .map((r) => r.name)
        .sort(),
    ).toEqual(
      [
        'auth.acceptInvitation',
        'auth.forgotPassword',
        'auth.invitationPreview',
        'auth.jwks',
        'auth.login',
        'auth.organizationLogo',
        'auth.register',
        'auth.resetPassword',
        'chat.file',
        // A member's calendar feed: the private link stands for the token (a phone calendar sends none).
        'scheduling.calendarFeed',
        // A gym's public enquiry form: the form's code names the location; throttled per address, a honeypot for bots.
        'enquiries.publicForm',
        'enquiries.publicEnquiry',
        'profilePicture.file',
        'public.contact',
        'public.landing',
        'payments.razorpayWebhook',
        // WhatsApp's webhook (Meta's signature stands for the token) and Meta's verification of it.
        'notifications.whatsappVerify',
        'notifications.whatsappWebhook',
        // A marketing email's unsubscribe link: its signed token stands for the token (GET shows, POST withdraws).
        'audience.unsubscribeInfo',
        'audience.unsubscribe',
        // The SMS gateway's inbound webhook (its signature stands for the token): a STOP reply.
        'audience.smsInbound',
        'signInMethods.smsSignInCode',
        'signInMethods.googleConfig',
        'signInMethods.googleStart',
        'signInMethods.googleCallback',
        // "Confirm it's you" after a Google callback: the link ticket and the password stand for the token.
        'signInMethods.googleLink',
        // The services' check of an API key (issue 29): the key itself is the credential, and it tells only what its holder can do.
        'apiKeys.introspect',
      ].sort(),
    );
  });

  it('lists every route of every route group exactly once', () => {
    // Which groups: the next test (every exported `*Routes` group); here, that none is registered twice.
    expect(new Set(allRouteContracts.map((r) => r.contract)).size).toBe(allRouteContracts.length);
    expect(new Set(allRouteContracts.map((r) => r.name)).size).toBe(allRouteContracts.length);
    expect(new Set(allRouteContracts.map((r) => `${r.contract.method} ${r.contract.path}`)).size).toBe(allRouteContracts.length);
  });

  it('gives an API key read scopes for reads and write scopes for writes only (a key of payments:read never records a payment)', () => {
    const mismatched = allRouteContracts
      .filter((r) => r.contract.auth && r.contract.apiScope)
      .filter((r) => (r.contract.method === 'GET') !== (r.contract.apiScope!.access === 'read'))
      .map((r) => `${r.name}: ${r.contract.method} with ${r.contract.apiScope!.area}:${r.contract.apiScope!.access}`);
    expect(mismatched).toEqual([]);
  });

  it('holds every route of every route group the package exports (a new `*Routes` object must be added to it)', () => {
    const exported = Object.entries(contracts)
      .filter(([name]) => /Routes$/.test(name))
      .flatMap(([, group]) => Object.values(group as Record<string, unknown>));
    expect(exported.length).toBeGreaterThan(0);
    expect(new Set(allRouteContracts.map((r) => r.contract))).toEqual(new Set(exported));
  });
});

describe.each(allRouteContracts.map((r) => [r.name, r] as const))('%s', (_name, { contract }) => {
  it('has a summary: one short sentence for the API documentation', () => {
    expect(typeof contract.summary).toBe('string');
    expect(contract.summary.trim().length).toBeGreaterThanOrEqual(15);
    expect(contract.summary.length).toBeLessThanOrEqual(200);
    expect(contract.description === undefined || contract.description.trim().length > 0).toBe(true);
  });

  it('declares who may call it: roles when it needs a token, none when a guest may', () => {
    if (contract.auth) {
      expect(contract.roles.length).toBeGreaterThan(0);
      for (const r of contract.roles) expect(Role.options).toContain(r);
      expect(new Set(contract.roles).size).toBe(contract.roles.length);
    } else {
      expect(contract.roles).toBeUndefined();
    }
  });

  it('declares a params schema exactly when its path has :params, and an error body for its error statuses', () => {
    const placeholders = contract.path.match(/:[A-Za-z]+/g) ?? [];
    expect(contract.params !== undefined).toBe(placeholders.length > 0);
    for (const [status, schema] of Object.entries(contract.responses)) {
      if (Number(status) >= 400) expect(schema, `${status}`).toBe(contracts.Problem);
    }
  });
});
