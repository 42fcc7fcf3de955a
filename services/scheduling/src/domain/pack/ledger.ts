import type { Decider } from '@akhada/kit/domain';

/**
 * A member's session-pack ledger (one stream per member): the credits each paid pack grants, valid until its expiry,
 * and the sessions that used them. Decisions, all idempotent (a redelivered fact changes nothing):
 * - a pack's credits are granted once per purchase, when its payment is completed;
 * - a session that counts (attended, or a late cancel / no-show where the location says so) uses ONE credit, the
 *   earliest-expiring pack still valid at the session's start with credits left; without one the session is recorded
 *   as uncovered (personal training is never blocked by the balance — the gym decides what to do);
 * - a refund of a pack's payment removes its unused credits (those used stay used).
 */
export type UseReason = 'attended' | 'late_cancel' | 'no_show';

export interface PackCredit {
  purchaseId: string;
  name: string;
  sessions: number;
  used: number;
  expiresAt: string;
  revoked: boolean;
}

export interface LedgerState {
  packs: PackCredit[];
  /** Sessions already counted (used a credit or uncovered), by appointment id. */
  counted: string[];
}

export type LedgerEvent =
  | { type: 'PackCreditsGranted'; data: { purchaseId: string; memberId: string; name: string; sessions: number; expiresAt: string; at: string } }
  | { type: 'PackCreditUsed'; data: { purchaseId: string; memberId: string; appointmentId: string; reason: UseReason; at: string } }
  | { type: 'PackSessionUncovered'; data: { memberId: string; appointmentId: string; reason: UseReason; at: string } }
  | { type: 'PackCreditsRevoked'; data: { purchaseId: string; memberId: string; sessions: number; at: string } };

export type LedgerCommand =
  | { type: 'GrantPackCredits'; data: { purchaseId: string; memberId: string; name: string; sessions: number; validityDays: number; at: string } }
  | { type: 'UsePackCredit'; data: { memberId: string; appointmentId: string; reason: UseReason; sessionStartsAt: string; at: string } }
  | { type: 'RevokePackCredits'; data: { purchaseId: string; memberId: string; at: string } };

const DAY_MS = 86_400_000;

/** A pack's credits left (none once revoked). */
export const remainingOf = (p: PackCredit): number => (p.revoked ? 0 : Math.max(0, p.sessions - p.used));
/** Whether a pack has expired at an instant (its expiry is exclusive). */
export const isExpired = (p: PackCredit, at: string): boolean => Date.parse(p.expiresAt) <= Date.parse(at);

const decide = (c: LedgerCommand, s: LedgerState): LedgerEvent[] => {
  switch (c.type) {
    case 'GrantPackCredits': {
      if (s.packs.some((p) => p.purchaseId === c.data.purchaseId)) return [];
      const expiresAt = new Date(Date.parse(c.data.at) + c.data.validityDays * DAY_MS).toISOString();
      const { purchaseId, memberId, name, sessions, at } = c.data;
      return [{ type: 'PackCreditsGranted', data: { purchaseId, memberId, name, sessions, expiresAt, at } }];
    }
    case 'UsePackCredit': {
      const { memberId, appointmentId, reason, sessionStartsAt, at } = c.data;
      if (s.counted.includes(appointmentId)) return [];
      const usable = s.packs
        .filter((p) => remainingOf(p) > 0 && !isExpired(p, sessionStartsAt))
        .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.purchaseId.localeCompare(b.purchaseId));
      const pack = usable[0];
      return pack
        ? [{ type: 'PackCreditUsed', data: { purchaseId: pack.purchaseId, memberId, appointmentId, reason, at } }]
        : [{ type: 'PackSessionUncovered', data: { memberId, appointmentId, reason, at } }];
    }
    case 'RevokePackCredits': {
      const pack = s.packs.find((p) => p.purchaseId === c.data.purchaseId);
      if (!pack || pack.revoked) return [];
      return [{ type: 'PackCreditsRevoked', data: { purchaseId: pack.purchaseId, memberId: c.data.memberId, sessions: remainingOf(pack), at: c.data.at } }];
    }
  }
};

const evolve = (s: LedgerState, e: LedgerEvent): LedgerState => {
  switch (e.type) {
    case 'PackCreditsGranted':
      return {
        ...s,
        packs: [
          ...s.packs,
          { purchaseId: e.data.purchaseId, name: e.data.name, sessions: e.data.sessions, used: 0, expiresAt: e.data.expiresAt, revoked: false },
        ],
      };
    case 'PackCreditUsed':
      return {
        packs: s.packs.map((p) => (p.purchaseId === e.data.purchaseId ? { ...p, used: p.used + 1 } : p)),
        counted: [...s.counted, e.data.appointmentId],
      };
    case 'PackSessionUncovered':
      return { ...s, counted: [...s.counted, e.data.appointmentId] };
    case 'PackCreditsRevoked':
      return { ...s, packs: s.packs.map((p) => (p.purchaseId === e.data.purchaseId ? { ...p, revoked: true } : p)) };
  }
};

export const packLedgerDecider: Decider<LedgerCommand, LedgerEvent, LedgerState> = {
  initialState: () => ({ packs: [], counted: [] }),
  decide,
  evolve,
};

/** What a member holds at an instant: credits usable now, and each pack with what is left and whether it expired. */
export const balanceOf = (s: LedgerState, at: string) => {
  const packs = s.packs.map((p) => ({ ...p, remaining: remainingOf(p), expired: isExpired(p, at) }));
  return { remaining: packs.filter((p) => !p.expired).reduce((n, p) => n + p.remaining, 0), packs };
};
