/**
 * The profile's "Storage on this device" section: space used and available (from the browser's
 * estimate, formatted in the UI locale), whether the storage is persistent (not evicted under pressure), a button
 * to ask for persistence, and a warning when the quota is nearly full (new sessions would then fail to save with
 * QUOTA_EXCEEDED), and how much of it the session videos take. `status`/`persist`/`videos` are replaceable for tests.
 */
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../contracts/translations';
import { getStorageStatus, requestPersistentStorage, videoRepository } from '../../data/services';
import type { StorageStatus } from '../../data/services';
import { intlLocale } from '../../app/i18n/format';
import { useFormat } from '../../app/i18n/use-format';

/** At or above this share of the quota the user is warned that saving may fail. */
const STORAGE_NEARLY_FULL = 0.9;

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * Bytes as a short size in the locale: 1.5 GB (en-us), 1,5 GB (pt-pt). Decimal units, as browsers report quota.
 * @internal Exported for its tests.
 */
export function formatBytes(bytes: number, locale: Locale): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(intlLocale(locale), { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

const storedVideos = async () => videoRepository.totalBytes();

export function StorageStatusPanel({
  status = getStorageStatus,
  persist = requestPersistentStorage,
  videos = storedVideos,
}: {
  status?: () => Promise<StorageStatus>;
  persist?: () => Promise<boolean>;
  videos?: () => Promise<{ count: number; bytes: number }>;
}) {
  const { t } = useTranslation('profile');
  const f = useFormat();
  const [state, setState] = useState<StorageStatus | null>(null);
  const [asking, setAsking] = useState(false);
  const [declined, setDeclined] = useState(false);
  const [videoUse, setVideoUse] = useState<{ count: number; bytes: number } | null>(null);

  const refresh = useCallback(async () => {
    const next = await status();
    setState(next);
    return next;
  }, [status]);

  useEffect(() => {
    let live = true;
    status().then(
      (s) => live && setState(s),
      () => undefined,
    );
    videos().then(
      (v) => live && setVideoUse(v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [status, videos]);

  async function askPersistence() {
    setAsking(true);
    try {
      const granted = await persist();
      const next = await refresh();
      setDeclined(!granted && !next.persisted);
    } finally {
      setAsking(false);
    }
  }

  const nearlyFull = state?.usedFraction != null && state.usedFraction >= STORAGE_NEARLY_FULL;
  const available = state?.usageBytes != null && state.quotaBytes != null ? Math.max(0, state.quotaBytes - state.usageBytes) : null;

  return (
    <Paper withBorder p="md" radius="md" data-testid="storage-status">
      <Stack gap="xs">
        <Text fw={600}>{t('storage.title')}</Text>
        {state && !state.supported && (
          <Text size="sm" c="dimmed">
            {t('storage.unsupported')}
          </Text>
        )}
        {state?.supported && (
          <>
            {state.usageBytes != null && available != null ? (
              <>
                <Text size="sm" data-testid="storage-usage">
                  {t('storage.usage', { used: formatBytes(state.usageBytes, f.locale), available: formatBytes(available, f.locale) })}
                  {state.usedFraction != null && ` (${f.percent(state.usedFraction)})`}
                </Text>
                {state.usedFraction != null && (
                  <Progress value={Math.min(100, state.usedFraction * 100)} color={nearlyFull ? 'red' : 'blue'} aria-label={t('storage.title')} />
                )}
              </>
            ) : (
              <Text size="sm" c="dimmed">
                {t('storage.unknown')}
              </Text>
            )}
            {videoUse && videoUse.count > 0 && (
              <Text size="sm" data-testid="storage-videos">
                {t('storage.videos', { count: videoUse.count, size: formatBytes(videoUse.bytes, f.locale) })}
              </Text>
            )}
            <Group gap="xs" justify="space-between">
              <Badge color={state.persisted ? 'green' : 'gray'} variant="light" data-testid="storage-persisted">
                {state.persisted ? t('storage.persistent') : t('storage.notPersistent')}
              </Badge>
              {!state.persisted && (
                <Button variant="default" size="xs" loading={asking} onClick={() => void askPersistence()} data-testid="storage-persist">
                  {t('storage.persist')}
                </Button>
              )}
            </Group>
            {!state.persisted && (
              <Text size="sm" c="dimmed">
                {declined ? t('storage.declined') : t('storage.persistHelp')}
              </Text>
            )}
            {nearlyFull && (
              <Alert color="red" variant="light" role="alert" data-testid="storage-full">
                {t('storage.nearlyFull')}
              </Alert>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
