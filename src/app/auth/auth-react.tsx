/** React access to the app's auth: `useAppAuth()` for calls, `useAuthView()` for the current state. */
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { AppAuth, AuthView } from './auth-port';

const AuthContext = createContext<AppAuth | null>(null);

export function AuthProvider({ auth, children }: { auth: AppAuth; children: ReactNode }) {
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}

export function useAppAuth(): AppAuth {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAppAuth needs <AuthProvider>');
  return auth;
}

export function useAuthView(): AuthView {
  const auth = useAppAuth();
  return useSyncExternalStore(auth.subscribe, auth.getSnapshot, auth.getSnapshot);
}
