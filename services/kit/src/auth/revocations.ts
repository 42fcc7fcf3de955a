import { AuthEvents, topicOf } from '@akhada/contracts';
import type { EventBus } from '../events/kafka.ts';
import { runFanoutConsumer, type RunningConsumer } from '../events/consumer.ts';
import type { Logger } from '../logger.ts';

/**
 * Revoked sessions, learned from the auth service's events. Every instance reads the auth topic under its own group
 * from the beginning, so a freshly started instance also knows what was revoked before it started.
 */
export class RevocationList {
  private readonly sessions = new Map<string, number>(); // sessionId → token expiry (ms); forgotten after that
  private readonly users = new Map<string, { before: number; except: string | null }>();
  private listeners: ((e: { sessionId?: string; userId: string }) => void)[] = [];
  private readonly revokedKeys = new Set<string>();
  private keyListeners: ((keyId: string) => void)[] = [];

  isRevoked(claims: { sessionId: string; userId: string; issuedAtMs: number }): boolean {
    if (this.sessions.has(claims.sessionId)) return true;
    const u = this.users.get(claims.userId);
    return !!u && claims.issuedAtMs < u.before && claims.sessionId !== u.except;
  }

  revokeSession(sessionId: string, userId: string, expiresAtMs: number): void {
    this.sessions.set(sessionId, expiresAtMs);
    for (const l of this.listeners) l({ sessionId, userId });
  }

  revokeUserSessions(userId: string, beforeMs: number, except: string | null): void {
    const prev = this.users.get(userId);
    if (!prev || prev.before < beforeMs) this.users.set(userId, { before: beforeMs, except });
    for (const l of this.listeners) l({ userId });
  }

  /** An API key was revoked (refused for good) or changed (rotated: what services cached of it is dropped). */
  apiKeyChanged(keyId: string, revoked: boolean): void {
    if (revoked) this.revokedKeys.add(keyId);
    for (const l of this.keyListeners) l(keyId);
  }

  isApiKeyRevoked(keyId: string): boolean {
    return this.revokedKeys.has(keyId);
  }

  /** Called on every change of an API key (the kit's key checker forgets what it cached). */
  onApiKeyChanged(listener: (keyId: string) => void): void {
    this.keyListeners.push(listener);
  }

  /** Called on every revocation (the real-time hub disconnects affected sockets). */
  onRevoked(listener: (e: { sessionId?: string; userId: string }) => void): void {
    this.listeners.push(listener);
  }

  prune(now = Date.now()): void {
    for (const [sid, exp] of this.sessions) if (exp < now) this.sessions.delete(sid);
  }

  async follow({ bus, service, instanceId, logger }: { bus: EventBus; service: string; instanceId: string; logger: Logger }): Promise<RunningConsumer> {
    const timer = setInterval(() => this.prune(), 60_000);
    timer.unref();
    const consumer = await runFanoutConsumer({
      bus,
      groupId: `${service}.revocations.${instanceId}.${Date.now()}`,
      topics: [topicOf('auth')],
      fromBeginning: true,
      logger,
      onEvent: (env) => {
        if (env.type === AuthEvents.SessionRevoked.type) {
          const d = AuthEvents.SessionRevoked.data.parse(env.data);
          this.revokeSession(d.sessionId, d.userId, Date.parse(d.expiresAt));
        } else if (env.type === AuthEvents.UserSessionsRevoked.type) {
          const d = AuthEvents.UserSessionsRevoked.data.parse(env.data);
          this.revokeUserSessions(d.userId, Date.parse(d.before), d.exceptSessionId);
        } else if (env.type === AuthEvents.ApiKeyRevoked.type) {
          this.apiKeyChanged(AuthEvents.ApiKeyRevoked.data.parse(env.data).keyId, true);
        } else if (env.type === AuthEvents.ApiKeyChanged.type) {
          this.apiKeyChanged(AuthEvents.ApiKeyChanged.data.parse(env.data).keyId, false);
        }
      },
    });
    return {
      stop: async () => {
        clearInterval(timer);
        await consumer.stop();
      },
    };
  }
}
