// @vitest-environment happy-dom
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncNotice } from '../../../src/data/sync/sync-notices';

/**
 * The data layer (reached by the shell through src/app/data-layer.ts, which loads it lazily) is replaced by a
 * notice source the test drives; everything else is the real shell.
 */
const source = vi.hoisted(() => ({ listeners: new Set<(n: SyncNotice) => void>() }));
vi.mock('../../../src/app/data-layer', () => ({
  watchSyncNotices: (show: (n: SyncNotice) => void) => {
    source.listeners.add(show);
    return () => source.listeners.delete(show);
  },
}));

import { AppProviders } from '../../../src/app/providers';
import { i18n, setLocale } from '../../../src/app/i18n/setup';
import type { createAppRouter } from '../../../src/app/router';
import { fakeAuth, installDomShims } from '../features/auth/render-screen';

function emit(notice: SyncNotice) {
  act(() => {
    for (const l of source.listeners) l(notice);
  });
}

async function renderShell() {
  installDomShims();
  const router = createRouter({ routeTree: createRootRoute({ component: () => <div>home</div> }), history: createMemoryHistory({ initialEntries: ['/'] }) });
  await router.load();
  return render(<AppProviders auth={fakeAuth()} router={router as unknown as ReturnType<typeof createAppRouter>} />);
}

const toastOf = async (text: string) => (await screen.findByText(text)).closest('[data-toast]')?.getAttribute('data-toast');

beforeEach(async () => {
  await setLocale('en-us', i18n);
});
afterEach(async () => {
  cleanup();
  // Mantine's notification store outlives the render: drop this test's toasts.
  notifications.clean();
  source.listeners.clear();
  await setLocale('en-us', i18n);
});

describe('the shell shows sync notices as toasts', () => {
  it('subscribes once when the providers mount and unsubscribes when they unmount', async () => {
    const view = await renderShell();
    expect(source.listeners.size).toBe(1);
    view.unmount();
    expect(source.listeners.size).toBe(0);
  });

  it("shows 'Session uploaded' as a success toast and 'Failed to update session' as an error toast, in the spec's exact English", async () => {
    await renderShell();
    emit({ tone: 'success', message: 'sessionUploaded' });
    expect(await toastOf('Session uploaded')).toBe('success');
    emit({ tone: 'error', message: 'sessionUpdateFailed', detail: { text: 'Internal Server Error', id: 'internalError' } });
    expect(await toastOf('Failed to update session')).toBe('error');
  });

  it('shows the conflict notice as a warning with the session name filled in', async () => {
    await renderShell();
    emit({ tone: 'warning', message: { id: 'syncConflict', params: { name: 'Palmela 1' } } });
    expect(await toastOf('The session Palmela 1 had also been changed elsewhere; your version was saved.')).toBe('warning');
    expect(screen.getByText('Warning')).toBeTruthy();
  });

  it('translates the notices to European Portuguese', async () => {
    await setLocale('pt-pt', i18n);
    await renderShell();
    emit({ tone: 'success', message: 'sessionUploaded' });
    expect(await toastOf('Sessão enviada')).toBe('success');
    emit({ tone: 'error', message: 'sessionUpdateFailed' });
    expect(await toastOf('Falha ao atualizar a sessão')).toBe('error');
    emit({ tone: 'warning', message: { id: 'syncConflict', params: { name: 'Braga' } } });
    expect(await toastOf('A sessão Braga também tinha sido alterada noutro local; a sua versão foi guardada.')).toBe('warning');
  });
});
