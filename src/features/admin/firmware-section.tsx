/**
 * Firmware upload through the firmware API (multipart: the image and optional notes); the server verifies the
 * image as ASTRO would and reads its version from it. Shows the newest version.
 */
import { Button, FileInput, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FirmwareVersion } from '../../contracts/firmware';
import { firmwareApi } from '../../data/api/firmware';
import { formatDateTime, formatNumber } from '../../app/i18n/format';
import { currentLocale } from '../../app/i18n/setup';
import { notifyError, notifySuccess } from '../../ui/toast';

export function FirmwareSection() {
  const { t } = useTranslation('admin');
  const [current, setCurrent] = useState<FirmwareVersion | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    firmwareApi.version().then(setCurrent, () => setCurrent(null));
  }, []);
  useEffect(load, [load]);

  async function upload() {
    if (!file) return;
    setBusy(true);
    try {
      const res = await firmwareApi.upload(file, notes);
      notifySuccess(t('firmware.uploaded', { value: res.version }), { translated: true });
      setFile(null);
      setNotes('');
      load();
    } catch (e) {
      notifyError(`${t('firmware.failed')}${e instanceof Error && e.message ? `: ${e.message}` : ''}`, { translated: true });
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
      <FileInput label={t('firmware.file')} accept=".bin,application/octet-stream" value={file} onChange={setFile} clearable name="file" />
      <Textarea label={t('firmware.notes')} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} autosize minRows={2} maxLength={2000} />
      <Group justify="flex-end">
        <Button onClick={() => void upload()} disabled={!file} loading={busy}>
          {t('firmware.upload')}
        </Button>
      </Group>
    </Stack>
  );
}
