/** Everything the screens rely on: Mantine (theme, colour scheme), notifications (and the sync notices), i18n, auth, the router. */
import './mantine-styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { I18nextProvider } from 'react-i18next';
import { AuthProvider } from './auth/auth-react';
import type { AppAuth } from './auth/auth-port';
import { i18n } from './i18n/setup';
import { SyncNotices } from './sync/sync-notices';
import { shellOverlays } from './layout/deferred';
import type { createAppRouter } from './router';
import { themeColorSchemeManager } from './theme/color-scheme';
import { cssVariablesResolver, theme } from './theme/theme';

const colorSchemeManager = themeColorSchemeManager();

/**
 * The toast container, loaded after the first paint (layout/deferred.ts), or at once when a toast is raised
 * before that: the toast waits in Mantine's notifications store and appears when the container mounts.
 */
function DeferredNotifications() {
  const overlays = shellOverlays.use();
  const pending = useNotifications().notifications.length > 0;
  useEffect(() => {
    if (pending && !overlays) void shellOverlays.load().catch(() => undefined);
  }, [pending, overlays]);
  // Top right, below the header (global.css: Mantine's default top would cover the theme, profile and logout buttons).
  return overlays ? <overlays.Notifications position="top-right" limit={5} classNames={{ root: 'astro-toasts' }} /> : null;
}

export function AppProviders({ auth, router }: { auth: AppAuth; router: ReturnType<typeof createAppRouter> }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <DeferredNotifications />
      <I18nextProvider i18n={i18n}>
        <SyncNotices />
        <AuthProvider auth={auth}>
          <RouterProvider router={router} />
        </AuthProvider>
      </I18nextProvider>
    </MantineProvider>
  );
}
