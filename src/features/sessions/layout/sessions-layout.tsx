/** Wraps the sessions screens in the app's SessionsPort (the one place the real data layer is chosen). */
import type { ReactNode } from 'react';
import { defaultSessionsPort } from './sessions-port-default';
import { SessionsPortContext } from '../shared';

export function SessionsLayout({ children }: { children: ReactNode }) {
  return <SessionsPortContext value={defaultSessionsPort}>{children}</SessionsPortContext>;
}
