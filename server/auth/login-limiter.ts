import { ApiError } from '../errors';
import { minutesLeft, type CounterStore } from '../counters/counter-store';

/**
 * Wrong-password limits for login, kept in the app's counter store (in memory, or shared by every API process on
 * PostgreSQL).
 *
 * - Per (address, client): `perClient` attempts within `clientWindowMs` block that pair only; its next attempts get
 *   429 until the window ends. The client is its IP, or, for a browser that logged in to the address before (a valid
 *   known-device cookie), that device: guesses from elsewhere, and from others behind the same IP (a shared NAT),
 *   never block the owner's own browser. A correct password clears the pair's count.
 * - Per address: `perAddress` attempts within `addressWindowMs` from all clients together, a slow backstop against
 *   guessing from many IPs. It blocks only unknown clients: a known device still gets its password checked, so a
 *   flood from elsewhere cannot lock the owner out. A correct password is taken off this count again.
 *
 * The attempt is counted before the password is checked, and the check is made on the count's own result, so
 * concurrent guesses cannot all pass a check that none of them has counted yet; a blocked client learns nothing
 * about the password.
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

/** Who is trying: the client IP, and the known device (its id) when its cookie is valid for this account. */
export interface LoginClient {
  ip: string;
  knownDevice: string | null;
}

/** A counted attempt, to be settled by `succeeded` when the password was right. */
export interface LoginAttempt {
  clientKey: string;
  addressKey: string;
}

export class LoginLimiter {
  constructor(
    private readonly store: CounterStore,
    private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS,
  ) {}

  /** Counts one attempt; throws 429 RATE_LIMITED when this client may not try this address now. */
  async attempt(address: string, client: LoginClient): Promise<LoginAttempt> {
    const a = address.toLowerCase();
    const clientKey = client.knownDevice ? `login:device\n${a}\n${client.knownDevice}` : `login:ip\n${a}\n${client.ip}`;
    const addressKey = `login:address\n${a}`;
    const pair = await this.store.add(clientKey, this.limits.clientWindowMs);
    if (pair.count > this.limits.perClient) {
      // Two whole sentences, not one with a blank: each is translated as written.
      if (client.knownDevice) throw new ApiError(429, 'RATE_LIMITED', { id: 'tooManyFailedLoginsBrowser', params: { minutes: minutesLeft(pair) } });
      throw new ApiError(429, 'RATE_LIMITED', { id: 'tooManyFailedLoginsNetwork', params: { minutes: minutesLeft(pair) } });
    }
    const all = await this.store.add(addressKey, this.limits.addressWindowMs);
    if (!client.knownDevice && all.count > this.limits.perAddress) {
      throw new ApiError(429, 'RATE_LIMITED', { id: 'tooManyFailedLogins', params: { minutes: minutesLeft(all) } });
    }
    return { clientKey, addressKey };
  }

  /** The password was right: the client's count starts again, and this attempt leaves the address's count. */
  async succeeded(attempt: LoginAttempt): Promise<void> {
    await this.store.delete(attempt.clientKey);
    await this.store.add(attempt.addressKey, this.limits.addressWindowMs, -1);
  }
}
