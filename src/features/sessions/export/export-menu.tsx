/** Row action: export a session or one of its laps as CSV, GPX or KML (the positions are parsed in the worker). */
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../ui/toast';
import { translateError } from '../../../app/i18n/setup';
import { buildExport, exportFileName, mimeOf, type ExportFormat } from './export-file';
import { DownloadIcon } from '../shared';
import { useSessionsPort, type LibraryRow, type LoadedSession } from '../shared';

function download(text: string, fileName: string, mime: string) {
  const url = URL.createObjectURL(new Blob([text], { type: mime }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ExportMenu({ row }: { row: LibraryRow }) {
  const { t } = useTranslation('sessions');
  const port = useSessionsPort();
  const [loaded, setLoaded] = useState<LoadedSession | null>(null);
  const [loading, setLoading] = useState(false);

  const open = async () => {
    if (loaded || loading) return;
    setLoading(true);
    try {
      setLoaded(await port.loadSession(row.id, 0));
    } catch (e) {
      notifyError(`${t('messages.fetchFailed')}: ${translateError(e)}`);
    } finally {
      setLoading(false);
    }
  };

  const run = (format: ExportFormat, lap: number | null) => {
    if (!loaded) return;
    download(buildExport({ name: row.name, startedAt: row.date, positions: loaded.positions }, lap, format), exportFileName(row.name, lap, format), mimeOf(format));
  };

  const formats: ExportFormat[] = ['csv', 'gpx', 'kml'];
  return (
    <Menu shadow="md" width={200} position="bottom-start" onOpen={() => void open()} withinPortal>
      <Menu.Target>
        <Tooltip label={t('actions.export')} openDelay={300}>
          <ActionIcon size="sm" variant="subtle" aria-label={t('actions.export')} loading={loading} data-testid={`export-${row.id}`}>
            <DownloadIcon />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        <Menu.Label>{t('export.session')}</Menu.Label>
        {formats.map((f) => (
          <Menu.Item key={f} disabled={!loaded} onClick={() => run(f, null)}>
            {t(`export.${f}`)}
          </Menu.Item>
        ))}
        {loaded?.analysis.laps
          .filter((l) => l.valid)
          .map((lap) => (
            <div key={lap.lapNumber}>
              <Menu.Divider />
              <Menu.Label>{t('export.lap', { lap: lap.lapNumber })}</Menu.Label>
              {formats.map((f) => (
                <Menu.Item key={f} onClick={() => run(f, lap.lapNumber)}>
                  {t(`export.${f}`)}
                </Menu.Item>
              ))}
            </div>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
