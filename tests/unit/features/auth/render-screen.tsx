/** Renders one account screen inside the app's providers and a memory router, with a fake AppAuth. */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { AuthProvider } from '../../../../src/app/auth/auth-react';
import type { AppAuth, AuthView } from '../../../../src/app/auth/auth-port';
import { i18n } from '../../../../src/app/i18n/setup';

export function fakeAuth(overrides: Partial<AppAuth> = {}): AppAuth {
  const view: AuthView = { status: 'signed-out', user: null };
  return {
    getSnapshot: () => view,
    subscribe: () => () => undefined,
    ready: async () => view,
    checkAdmin: vi.fn(async () => false),
    login: vi.fn(async () => undefined),
    register: vi.fn(async () => undefined),
    verify: vi.fn(async () => undefined),
    resendVerification: vi.fn(async () => undefined),
    resetPassword: vi.fn(async () => undefined),
    changePassword: vi.fn(async () => undefined),
    logout: vi.fn(async () => undefined),
    preload: vi.fn(async () => undefined),
    ...overrides,
  };
}

/** happy-dom lacks matchMedia and ResizeObserver, which Mantine uses. */
export function installDomShims(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
}

export async function renderScreen(screen: () => ReactNode, auth: AppAuth, path = '/screen') {
  installDomShims();
  const root = createRootRoute({ component: Outlet });
  const routes = ['/screen', '/', '/login', '/register', '/reset-password', '/about'].map((p) =>
    createRoute({ getParentRoute: () => root, path: p, component: p === '/screen' ? screen : () => <div data-testid={`at-${p}`} /> }),
  );
  const router = createRouter({ routeTree: root.addChildren(routes), history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const result = render(
    <MantineProvider env="test">
      <Notifications />
      <I18nextProvider i18n={i18n}>
        <AuthProvider auth={auth}>
          <RouterProvider router={router} />
        </AuthProvider>
      </I18nextProvider>
    </MantineProvider>,
  );
  return { ...result, router };
}
