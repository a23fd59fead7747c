/**
 * /profile: edit first and last name, birthdate, country and licence (PATCH /users/{id});
 * change password by e-mail link (the API offers POST /auth/reset-password, which mails a /change-password link;
 * there is no authenticated change-password call); the firmware version ASTRO last reported. Offline it shows the
 * copy kept in IndexedDB, read-only. Lap times to the hundredth or the thousandth (this device's choice,
 * app/preferences/lap-time-digits.ts). Below: storage on this device (usage, persistence; storage-status.tsx). The
 * password, firmware and display panels: profile-panels.tsx.
 */
import { Alert, Button, Group, Paper, Select, Stack, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from '../../data/live-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../contracts/entities';
import type { FirmwareVersion } from '../../contracts/firmware';
import { firmwareApi } from '../../data/api/firmware';
import { usersApi } from '../../data/api/users';
import { profileRepository } from '../../data/auth/app-session';
import { deviceVersionRepository, referenceRepository, shownFirmwareVersion } from '../../data/services';
import { useAuthView } from '../../app/auth/auth-react';
import { notifyError, notifySuccess, notifyWriteFailed } from '../../ui/toast';
import { translateError } from '../../app/i18n/setup';
import { nameError, profileFormOf, profileFormValid, profilePatch, savedLabel, type ProfileForm } from './profile-form';
import { StorageStatusPanel } from './storage-status';
import { DisplayPanel, FirmwarePanel, PasswordLinkPanel } from './profile-panels';
import { SharingPanel } from './sharing-panel';
import { useReferenceTexts } from '../../app/i18n/reference-text';
// Registers the area's texts before it renders.
import './i18n';

export function ProfileScreen() {
  const { t } = useTranslation('profile');
  const fieldError = (name: string) => {
    const key = nameError(name);
    return key ? t(key) : undefined;
  };
  const ref = useReferenceTexts();
  const view = useAuthView();
  const userId = view.user?.id ?? null;
  const online = view.status === 'signed-in';
  const countries = useLiveQuery(() => referenceRepository.list('countries'), []) ?? [];
  const [user, setUser] = useState<User | null>(null);
  const [form, setForm] = useState<ProfileForm | null>(null);
  const [latest, setLatest] = useState<FirmwareVersion | null>(null);
  const [busy, setBusy] = useState(false);
  // What ASTRO reported on this device, kept at once (offline too) and sent when online.
  const seenHere = useLiveQuery(() => (userId === null ? null : deviceVersionRepository.seen(userId)), [userId]) ?? null;
  const firmware = shownFirmwareVersion(user, seenHere);

  useEffect(() => {
    if (userId === null) return;
    let live = true;
    void (async () => {
      const stored = await profileRepository.loadFullUser(userId);
      if (stored && live) {
        setUser(stored);
        setForm(profileFormOf(stored));
      }
      if (!online) return;
      try {
        const fresh = await usersApi.get(userId);
        await profileRepository.saveFullUser(fresh).catch(() => undefined);
        if (live) {
          setUser(fresh);
          setForm(profileFormOf(fresh));
        }
      } catch (e) {
        if (live && !stored) notifyError(e instanceof Error ? translateError(e) : t('loadFailed'));
      }
      firmwareApi.version().then((v) => live && setLatest(v), () => undefined);
    })();
    return () => {
      live = false;
    };
  }, [userId, online, t]);

  const set = (p: Partial<ProfileForm>) => setForm((f) => (f ? { ...f, ...p } : f));

  async function save() {
    if (!user || !form) return;
    setBusy(true);
    try {
      const saved = await usersApi.patch(user.id, profilePatch(form));
      await profileRepository.saveFullUser(saved).catch(() => undefined);
      setUser(saved);
      setForm(profileFormOf(saved));
      notifySuccess(t('saved', { value: savedLabel(saved) }));
    } catch (err) {
      notifyWriteFailed(t('saveFailed'), err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md" maw={640}>
      <Title order={2}>{t('title')}</Title>
      {!online && (
        <Alert color="yellow" variant="light">
          {t('offline')}
        </Alert>
      )}
      {form && user && (
        <Paper withBorder p="md" radius="md">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (online && profileFormValid(form)) void save();
            }}
          >
            <Stack gap="sm">
              <TextInput label={t('email')} value={user.email} readOnly disabled />
              <Group grow align="flex-start">
                <TextInput label={t('firstName')} name="firstName" required value={form.firstName} onChange={(e) => set({ firstName: e.currentTarget.value })} disabled={!online} error={fieldError(form.firstName)} />
                <TextInput label={t('lastName')} name="lastName" value={form.lastName} onChange={(e) => set({ lastName: e.currentTarget.value })} disabled={!online} error={fieldError(form.lastName)} />
              </Group>
              <Group grow align="flex-start">
                <TextInput label={t('birthdate')} name="birthdate" type="date" value={form.birthdate} onChange={(e) => set({ birthdate: e.currentTarget.value })} disabled={!online} />
                <Select
                  label={t('country')}
                  name="countryId"
                  data={ref.options('country', countries)}
                  value={form.countryId}
                  onChange={(v) => set({ countryId: v })}
                  clearable
                  searchable
                  disabled={!online}
                />
              </Group>
              <TextInput label={t('licence')} name="licenceId" value={form.licenceId} onChange={(e) => set({ licenceId: e.currentTarget.value })} disabled={!online} maxLength={50} />
              <Group justify="flex-end">
                <Button type="submit" loading={busy} disabled={!online || !profileFormValid(form)} data-testid="profile-save">
                  {t('save')}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      )}
      <PasswordLinkPanel user={user} online={online} />
      <FirmwarePanel firmware={firmware} latest={latest} />
      <SharingPanel userId={userId} />
      <DisplayPanel />
      <StorageStatusPanel />
    </Stack>
  );
}
