/**
 * The app's AppAuth, backed by the data layer's auth session (src/data/auth/app-session.ts). Kept thin: the session
 * owns tokens, refresh, offline sign-in and logout cleanup; this only narrows it to what the shell uses.
 */
import type { AuthSession } from '../../data/auth/auth-session';
import type { AppAuth } from './auth-port';

export function createAppAuth(session: AuthSession, preload: () => Promise<void> = async () => undefined): AppAuth {
  return {
    getSnapshot: session.getSnapshot,
    subscribe: (listener) => session.subscribe(() => listener()),
    ready: async () => (session.getSnapshot().ready ? session.getSnapshot() : await session.start()),
    checkAdmin: () => session.checkAdmin(),
    login: async (email, password) => {
      await session.login(email, password);
    },
    register: async (input) => {
      await session.register(input);
    },
    verify: async (token) => {
      await session.verify(token);
    },
    resendVerification: async (email) => {
      await session.resendVerification(email);
    },
    resetPassword: async (email) => {
      await session.resetPassword(email);
    },
    changePassword: async (token, password) => {
      await session.changePassword(token, password);
    },
    logout: async () => {
      const { serverError } = await session.logout();
      if (serverError) throw serverError;
    },
    preload: async () => {
      try {
        await preload();
      } catch {
        // Preloading is an optimisation: screens load what they need themselves.
      }
    },
  };
}
