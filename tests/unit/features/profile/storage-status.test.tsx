// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorageStatus } from '../../../../src/data/storage/storage-manager';

/** The data layer is replaced: the screen reads storage through getStorageStatus / requestPersistentStorage. */
const storage = vi.hoisted(() => ({
  status: null as unknown as StorageStatus,
  getStorageStatus: vi.fn(),
  requestPersistentStorage: vi.fn(),
}));
vi.mock('../../../../src/data/services', async () => ({
  getStorageStatus: storage.getStorageStatus,
  requestPersistentStorage: storage.requestPersistentStorage,
  videoRepository: { totalBytes: async () => ({ count: 2, bytes: 3.2 * 1_000_000_000 }) },
  referenceRepository: { list: async () => [] },
  deviceVersionRepository: { seen: async () => null },
  shownFirmwareVersion: (await vi.importActual<typeof import('../../../../src/data/repositories/device-version-repository')>('../../../../src/data/repositories/device-version-repository')).shownFirmwareVersion,
}));
vi.mock('../../../../src/data/auth/app-session', () => ({ authApi: {}, profileRepository: {} }));
vi.mock('../../../../src/data/api/users', () => ({ usersApi: {} }));
vi.mock('../../../../src/data/api/firmware', () => ({ firmwareApi: {} }));

import { i18n, setLocale } from '../../../../src/app/i18n/setup';
import { ProfileScreen } from '../../../../src/features/profile/profile-screen';
import { formatBytes } from '../../../../src/features/profile/storage-status';
import { fakeAuth, renderScreen } from '../auth/render-screen';

const GB = 1_000_000_000;

beforeEach(async () => {
  await setLocale('en-us', i18n);
  storage.status = { supported: true, persisted: false, usageBytes: 1.5 * GB, quotaBytes: 10 * GB, usedFraction: 0.15 };
  storage.getStorageStatus.mockReset().mockImplementation(async () => storage.status);
  storage.requestPersistentStorage.mockReset();
});
afterEach(async () => {
  cleanup();
  await setLocale('en-us', i18n);
});

describe('storage on the profile screen', () => {
  it('shows used and available space, and that storage is not persistent', async () => {
    await renderScreen(ProfileScreen, fakeAuth());
    expect(await screen.findByText('Storage on this device')).toBeTruthy();
    expect((await screen.findByTestId('storage-usage')).textContent).toBe('1.5 GB used, 8.5 GB available (15.00%)');
    expect(screen.getByTestId('storage-persisted').textContent).toBe('Not persistent');
    expect(screen.queryByTestId('storage-full')).toBeNull();
  });

  it('shows how much the session videos take', async () => {
    await renderScreen(ProfileScreen, fakeAuth());
    expect((await screen.findByTestId('storage-videos')).textContent).toBe('Session videos: 2 videos, 3.2 GB');
  });

  it('asks the browser for persistent storage and shows the result', async () => {
    storage.requestPersistentStorage.mockImplementation(async () => {
      storage.status = { ...storage.status, persisted: true };
      return true;
    });
    await renderScreen(ProfileScreen, fakeAuth());
    const button = await screen.findByTestId('storage-persist');
    await act(async () => fireEvent.click(button));
    expect(storage.requestPersistentStorage).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.getByTestId('storage-persisted').textContent).toBe('Persistent storage'));
    expect(screen.queryByTestId('storage-persist')).toBeNull();
  });

  it('says so when the browser declines persistence', async () => {
    storage.requestPersistentStorage.mockResolvedValue(false);
    await renderScreen(ProfileScreen, fakeAuth());
    const button = await screen.findByTestId('storage-persist');
    await act(async () => fireEvent.click(button));
    expect(await screen.findByText('The browser declined. Installing the app usually lets it keep the data.')).toBeTruthy();
  });

  it('warns when the quota is nearly full', async () => {
    storage.status = { supported: true, persisted: true, usageBytes: 9.5 * GB, quotaBytes: 10 * GB, usedFraction: 0.95 };
    await renderScreen(ProfileScreen, fakeAuth());
    expect((await screen.findByTestId('storage-full')).textContent).toContain('Storage is almost full');
  });

  it('tells the user when the browser does not report its storage', async () => {
    storage.status = { supported: false, persisted: false, usageBytes: null, quotaBytes: null, usedFraction: null };
    await renderScreen(ProfileScreen, fakeAuth());
    expect(await screen.findByText('This browser does not report its storage.')).toBeTruthy();
  });

  it('is translated to European Portuguese with pt-pt number formatting', async () => {
    await setLocale('pt-pt', i18n);
    await renderScreen(ProfileScreen, fakeAuth());
    expect(await screen.findByText('Armazenamento neste dispositivo')).toBeTruthy();
    expect((await screen.findByTestId('storage-usage')).textContent).toMatch(/^1,5 GB usados, 8,5 GB disponíveis/);
    expect(screen.getByTestId('storage-persisted').textContent).toBe('Não persistente');
  });
});

describe('formatBytes', () => {
  it('picks a decimal unit and formats per locale', () => {
    expect(formatBytes(512, 'en-us')).toBe('512 byte');
    expect(formatBytes(2_345_678, 'en-us')).toBe('2.3 MB');
    expect(formatBytes(2_345_678, 'pt-pt')).toBe('2,3 MB');
  });
});
