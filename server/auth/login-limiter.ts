import { ApiError } from '../errors';

/**
 * Wrong-password limits for login, in memory (per API process).
 *
 * - Per (address, client IP): `perClient` failures within `clientWindowMs` block that pair only; its next attempts
 *   get 429 until the window ends. Someone guessing from elsewhere never blocks the owner's own client. A correct
 *   password clears the pair's count.
 * - Per address: `perAddress` failures within `addressWindowMs` from all clients together, a slow backstop against
 *   guessing from many IPs. It blocks only clients not known to the address: a client that logged in to the
 *   address before (known-client cookie) still gets its password checked, so a flood from elsewhere cannot lock the
 *   owner out.
 *
 * The check runs before the password is verified, so a blocked client learns nothing about the password.
 */
export interface LoginLimits {
  perClient: number;
  clientWindowMs: number;
  perAddress: number;
  addressWindowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  perClient: 10,
  clientWindowMs: 15 * 60_000,
  perAddress: 50,
  addressWindowMs: 60 * 60_000,
};

/** Fixed-window failure counts per key. */
class FailureCounts {
  private readonly counts = new Map<string, { count: number; resetAt: number }>();
  constructor(private readonly windowMs: number) {}

  /** Failures counted for `key` in its current window, and when that window ends. */
  get(key: string, now: number): { count: number; resetAt: number } {
    const e = this.counts.get(key);
    return e && e.resetAt > now ? e : { count: 0, resetAt: now };
  }

  add(key: string, now: number): void {
    if (this.counts.size > 50_000) for (const [k, v] of this.counts) if (v.resetAt <= now) this.counts.delete(k);
    const e = this.counts.get(key);
    if (e && e.resetAt > now) e.count += 1;
    else this.counts.set(key, { count: 1, resetAt: now + this.windowMs });
  }

  clear(key: string): void {
    this.counts.delete(key);
  }
}

const minutesUntil = (resetAt: number, now: number) => Math.max(1, Math.ceil((resetAt - now) / 60_000));

export class LoginLimiter {
  private readonly perClient: FailureCounts;
  private readonly perAddress: FailureCounts;
  constructor(
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
    private readonly now: () => number = Date.now,
  ) {
    this.perClient = new FailureCounts(limits.clientWindowMs);
    this.perAddress = new FailureCounts(limits.addressWindowMs);
  }

  /** Throws 429 RATE_LIMITED when this client may not try this address now. */
  check(address: string, ip: string, knownClient: boolean): void {
    const t = this.now();
    const a = address.toLowerCase();
    const pair = this.perClient.get(`${a}\n${ip}`, t);
    if (pair.count >= this.limits.perClient) {
      throw new ApiError(429, 'RATE_LIMITED', `Too many failed logins for this e-mail address from your network. Try again in ${minutesUntil(pair.resetAt, t)} minute(s), or reset your password.`);
    }
    const all = this.perAddress.get(a, t);
    if (!knownClient && all.count >= this.limits.perAddress) {
      throw new ApiError(429, 'RATE_LIMITED', `Too many failed logins for this e-mail address. Try again in ${minutesUntil(all.resetAt, t)} minute(s), or reset your password.`);
    }
  }

  failed(address: string, ip: string): void {
    const t = this.now();
    const a = address.toLowerCase();
    this.perClient.add(`${a}\n${ip}`, t);
    this.perAddress.add(a, t);
  }

  succeeded(address: string, ip: string): void {
    this.perClient.clear(`${address.toLowerCase()}\n${ip}`);
  }
}
