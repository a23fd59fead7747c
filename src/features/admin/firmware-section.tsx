/**
 * Firmware upload through the firmware API (multipart: the image and optional notes); the server verifies the
 * image as ASTRO would and reads its version from it. Shows the newest version.
 */
import { Button, CloseButton, FileButton, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmwareVersion } from '../../contracts/firmware';
import { firmwareApi } from '../../data/api/firmware';
import { formatDateTime, formatNumber } from '../../app/i18n/format';
import { currentLocale } from '../../app/i18n/setup';
import { notifyError, notifySuccess } from '../../ui/toast';

const UploadIcon = () => (
  <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
    <path d="M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2M7 9l5-5 5 5M12 4v12" />
  </svg>
);

export function FirmwareSection() {
  const { t } = useTranslation('admin');
  const [current, setCurrent] = useState<FirmwareVersion | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  // Lets the same file be chosen again after it was cleared (the hidden input keeps its value otherwise).
  const resetFile = useRef<() => void>(null);
  const chooseFile = (next: File | null) => {
    setFile(next);
    if (!next) resetFile.current?.();
  };

  const load = useCallback(() => {
    firmwareApi.version().then(setCurrent, () => setCurrent(null));
  }, []);
  useEffect(load, [load]);

  async function upload() {
    if (!file) return;
    setBusy(true);
    try {
      const res = await firmwareApi.upload(file, notes);
      notifySuccess(t('firmware.uploaded', { value: res.version }));
      chooseFile(null);
      setNotes('');
      load();
    } catch (e) {
      notifyError(`${t('firmware.failed')}${e instanceof Error && e.message ? `: ${e.message}` : ''}`);
    } finally {
      setBusy(false);
    }
  }

  const locale = currentLocale();
  return (
    <Stack gap="md" maw={640}>
      <div>
        <Text fw={600} mb="xs">
          {t('firmware.current')}
        </Text>
        {current ? (
          <Table withTableBorder fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th>{t('firmware.version')}</Table.Th>
                <Table.Td data-testid="firmware-version">{current.version}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('firmware.size')}</Table.Th>
                <Table.Td>{formatNumber(current.size / 1024, locale, 1)} KiB</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('firmware.date')}</Table.Th>
                <Table.Td>{formatDateTime(current.createdAt, locale)}</Table.Td>
              </Table.Tr>
              {current.notes && (
                <Table.Tr>
                  <Table.Th>{t('firmware.notes')}</Table.Th>
                  <Table.Td>{current.notes}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {t('firmware.none')}
          </Text>
        )}
      </div>
      {/* A button that says what it does and the chosen file's name beside it: an empty text-like box was not
          recognisable as a file picker. */}
      <Stack gap={6}>
        <Text size="sm" fw={500} id="firmware-file-label">
          {t('firmware.file')}
        </Text>
        <Group gap="sm" wrap="wrap">
          <FileButton onChange={chooseFile} accept=".bin,application/octet-stream" resetRef={resetFile} name="file">
            {(props) => (
              <Button {...props} variant="default" flex="none" leftSection={<UploadIcon />} aria-describedby="firmware-file-label firmware-file-name" data-testid="firmware-choose">
                {t('firmware.choose')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c={file ? undefined : 'dimmed'} truncate="end" miw={0} flex="1 1 12rem" id="firmware-file-name" data-testid="firmware-file-name">
            {file ? t('firmware.chosen', { name: file.name, size: formatNumber(file.size / 1024, locale, 1) }) : t('firmware.noFile')}
          </Text>
          {file && <CloseButton size="sm" aria-label={t('firmware.clear')} onClick={() => chooseFile(null)} />}
        </Group>
      </Stack>
      <Textarea label={t('firmware.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
      <Group justify="flex-end">
        <Button onClick={() => void upload()} disabled={!file} loading={busy}>
          {t('firmware.upload')}
        </Button>
      </Group>
    </Stack>
  );
}
