// What the demo seeds share: a JSON call to the running gateway's API (with the caller's token, if any), a check
// that names the step whose answer was not the expected one, and today's date where the demo chain is (India).

export type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: Record<string, unknown> }>;

/** A call to `${base}/api…` as the user of `token` (none: as a guest). */
export const apiCall =
  (base: string, token?: string): Call =>
  async (method, path, body) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, json: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };

/** The answer's body, or an error naming the step when the status is not one of `ok`. */
export const must = async (what: string, p: ReturnType<Call>, ok = [200, 201]) => {
  const r = await p;
  if (!ok.includes(r.status)) throw new Error(`seed: ${what} answered ${r.status}: ${JSON.stringify(r.json)}`);
  return r.json;
};

/** Today in Asia/Kolkata, YYYY-MM-DD. */
export const todayInIndia = (): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** The date `days` from today in India (negative: before). */
export const daysFromToday = (days: number): string => {
  const d = new Date(`${todayInIndia()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
