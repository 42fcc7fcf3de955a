/**
 * Several interchangeable instances of one service behind one prefix: round-robin across the healthy ones. Each
 * instance's readiness (`GET <ops>/ready`, its port + 1000 by default) is checked every `intervalMs`; a failed check,
 * or a connection the proxy could not open, takes it out at once, and a passing check brings it back. With no healthy
 * instance left the pool still hands out every instance in turn (the proxy then answers 503 as for one dead service).
 */
export interface UpstreamPoolOptions {
  /** How often each instance's readiness is checked (default 1 s). */
  intervalMs?: number;
  /** How long one check may take (default 1 s). */
  timeoutMs?: number;
  /** The readiness URL of an instance (default: its port + 1000, `/ready`). */
  readyUrlOf?: (upstream: string) => string;
  /** Said when an instance goes out or comes back. */
  onChange?: (upstream: string, healthy: boolean, reason: string) => void;
}

/** `http://10.0.0.5:4104` → `http://10.0.0.5:5104/ready` (services/README.md: the ops port is the service port + 1000). */
export const defaultReadyUrl = (upstream: string): string => {
  const url = new URL(upstream);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  url.port = String(port + 1000);
  url.pathname = '/ready';
  url.search = '';
  return url.toString();
};

/** `a,b , c` → ['a', 'b', 'c'] (an upstream setting may list several instances). */
export const parseUpstreams = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim().replace(/\/$/, ''))
    .filter(Boolean);

export class UpstreamPool {
  readonly upstreams: readonly string[];
  private readonly down = new Set<string>();
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking = false;
  private readonly opts: Required<Omit<UpstreamPoolOptions, 'onChange'>> & Pick<UpstreamPoolOptions, 'onChange'>;

  constructor(upstreams: readonly string[], opts: UpstreamPoolOptions = {}) {
    if (upstreams.length === 0) throw new Error('An upstream pool needs at least one instance');
    this.upstreams = [...upstreams];
    this.opts = {
      intervalMs: opts.intervalMs ?? 1_000,
      timeoutMs: opts.timeoutMs ?? 1_000,
      readyUrlOf: opts.readyUrlOf ?? defaultReadyUrl,
      onChange: opts.onChange,
    };
  }

  /** The instances taking requests now. */
  healthy(): string[] {
    return this.upstreams.filter((u) => !this.down.has(u));
  }

  /** The next instance in turn among the healthy ones, leaving out `except`; every instance in turn when none is healthy. */
  pick(except?: string): string {
    const healthy = this.healthy().filter((u) => u !== except);
    const candidates = healthy.length > 0 ? healthy : this.upstreams;
    const chosen = candidates[this.next % candidates.length]!;
    this.next = (this.next + 1) % 1_000_000;
    return chosen;
  }

  /** Another healthy instance than `failed`, if there is one (for a retry). */
  alternative(failed: string): string | undefined {
    return this.healthy().some((u) => u !== failed) ? this.pick(failed) : undefined;
  }

  markDown(upstream: string, reason: string): void {
    if (this.down.has(upstream) || !this.upstreams.includes(upstream)) return;
    this.down.add(upstream);
    this.opts.onChange?.(upstream, false, reason);
  }

  markUp(upstream: string): void {
    if (!this.down.delete(upstream)) return;
    this.opts.onChange?.(upstream, true, 'ready again');
  }

  /** One round of readiness checks (all instances side by side). */
  async checkAll(): Promise<void> {
    await Promise.all(
      this.upstreams.map(async (u) => {
        try {
          const res = await fetch(this.opts.readyUrlOf(u), { signal: AbortSignal.timeout(this.opts.timeoutMs) });
          await res.body?.cancel();
          if (res.status === 200) this.markUp(u);
          else this.markDown(u, `readiness answered ${res.status}`);
        } catch (err) {
          this.markDown(u, `readiness check failed: ${(err as Error).message}`);
        }
      }),
    );
  }

  /** Starts the periodic checks (only worth it with more than one instance). */
  start(): void {
    if (this.timer || this.upstreams.length < 2) return;
    this.timer = setInterval(() => {
      if (this.checking) return;
      this.checking = true;
      void this.checkAll().finally(() => (this.checking = false));
    }, this.opts.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}

/** Nothing was sent: the instance refused the connection (or is not there), so another one may safely take the request. */
export const connectionRefused = (error: unknown): boolean => {
  const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
  return code === 'ECONNREFUSED' || code === 'EHOSTUNREACH' || code === 'ENETUNREACH';
};
