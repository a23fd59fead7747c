/**
 * 'Export video' of the player, in its own chunk (loaded on the first click): a dialog to choose the laps (or the
 * whole session) and the resolution, then the exports of this page with progress, time left and cancel, the tab
 * title's percentage while one runs, and the result downloaded (and 'Save as…' where the browser has a save
 * picker). The gauges are those the player shows. The work runs in a worker (src/media/export).
 */
import { Alert, Button, Group, Modal, Progress, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoRow } from '../../../data/services';
import type { AccelerationColumns } from '../../../domain/coaching/acceleration';
import type { LapTrace } from '../../../domain/lap-compare/lap-trace';
import { coveredLaps, exportFileName, exportWindow, secondsLeft, type ExportHeight } from '../../../domain/video/export-plan';
import type { LapSpan } from '../../../domain/video/lap-times';
import type { Gauge } from '../../../domain/video/overlay-layout';
import { openStoredVideo } from '../../../media/copy-to-storage';
import { cancelExport, dismissExport, exportTickets, startExport, subscribeExports, type ExportTicket } from '../../../media/export/export-client';
import { ExportError } from '../../../media/export/export-error';
import type { OverlayLabels } from '../../../media/overlay-draw';
import type { LoadedSession } from '../shared';
import { exportChoiceOf, exportFraction, exportLabel, exportScene, initialExportHeight, type ExportRange } from './export-video-model';

export interface ExportVideoProps {
  session: LoadedSession;
  row: VideoRow;
  spans: LapSpan[];
  reference: LapTrace | null;
  /** The session's per-fix g, for the g-meter (null until the coach's worker has it). */
  acceleration: AccelerationColumns | null;
  /** What the player shows: its gauges, their labels, the session's date. */
  gauges: readonly Gauge[];
  labels: OverlayLabels;
  sessionDate: string;
  track: { lat: number[]; lon: number[] } | null;
  /** The dialog is open (the panel's button opens it). */
  opened: boolean;
  onClose: () => void;
}

/** Exports already handed to the racer (downloaded once), so a re-render does not download them again. */
const handedOver = new Set<number>();

function download(file: File, name: string): void {
  const url = URL.createObjectURL(file);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type SavePicker = (options: { suggestedName: string; types?: { description: string; accept: Record<string, string[]> }[] }) => Promise<FileSystemFileHandle>;

async function saveAs(file: File, name: string): Promise<void> {
  const picker = (window as unknown as { showSaveFilePicker?: SavePicker }).showSaveFilePicker;
  if (!picker) return;
  const webm = name.endsWith('.webm');
  try {
    const handle = await picker({ suggestedName: name, types: [{ description: webm ? 'WebM' : 'MP4', accept: { [webm ? 'video/webm' : 'video/mp4']: [webm ? '.webm' : '.mp4'] } }] });
    const writable = await handle.createWritable();
    await file.stream().pipeTo(writable);
  } catch {
    // The racer closed the picker: nothing to do.
  }
}

/** The tab title carries the running export's percentage ('42% · ASTRO Companion'). */
function useTitlePercent(running: ExportTicket | undefined, percent: string | null): void {
  const base = useRef<string | null>(null);
  useEffect(() => {
    if (running && percent) {
      base.current ??= document.title;
      document.title = `${percent} · ${base.current}`;
    } else if (base.current !== null) {
      document.title = base.current;
      base.current = null;
    }
  }, [running, percent]);
  useEffect(
    () => () => {
      if (base.current !== null) document.title = base.current;
    },
    [],
  );
}

function errorText(t: (key: string, options?: Record<string, unknown>) => string, error: ExportError | null): string {
  if (!error) return '';
  return t(`errors.${error.code}`, { detail: error.detail || error.message });
}

export default function ExportVideo({ session, row, spans, reference, acceleration, gauges, labels, sessionDate, track, opened, onClose }: ExportVideoProps) {
  const { t, i18n } = useTranslation('videoExport');
  const tickets = useSyncExternalStore(subscribeExports, exportTickets);
  const sync = row.sync;
  const lapNumbers = useMemo(() => spans.filter((s) => s.lap > 0).map((s) => s.lap), [spans]);
  const covered = useMemo(() => (sync ? coveredLaps(spans, sync, row.durationS) : []), [spans, sync, row.durationS]);
  const [kind, setKind] = useState<ExportRange>('laps');
  const [from, setFrom] = useState<number | null>(covered[0] ?? lapNumbers[0] ?? null);
  const [to, setTo] = useState<number | null>(covered[0] ?? lapNumbers[0] ?? null);
  const [height, setHeight] = useState<ExportHeight>(() => initialExportHeight(row));
  const [problem, setProblem] = useState<ExportError | null>(null);
  const fmtPercent = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'percent' }), [i18n.language]);
  const fmtSize = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }), [i18n.language]);

  const plan = sync ? exportWindow(spans, sync, row.durationS, exportChoiceOf(kind, from, to)) : null;
  const listFmt = new Intl.ListFormat(i18n.language, { type: 'conjunction' });

  async function start() {
    setProblem(null);
    if (!sync) return setProblem(new ExportError('not-synced', 'Not synced.'));
    if (!plan?.ok) return setProblem(new ExportError('not-covered', 'Not covered.'));
    const source = await openStoredVideo(row.opfsName);
    if (!source) return setProblem(new ExportError('unsupported-source', 'The stored video is gone.'));
    const label = exportLabel(kind, from, to);
    const scene = exportScene(session, spans, lapNumbers.length, { reference, acceleration, gauges, labels, sessionDate, track, locale: i18n.language });
    startExport({
      job: { source, startS: plan.startS, endS: plan.endS, sync, height, scene },
      // The extension is the MP4's; a WebM fallback renames it when it is done.
      downloadName: exportFileName(session.name, 'values' in label ? t(label.key, label.values) : t(label.key), 'mp4'),
    });
    onClose();
  }

  // A finished export is downloaded once.
  useEffect(() => {
    for (const ticket of tickets) {
      if (ticket.state !== 'done' || !ticket.result || handedOver.has(ticket.id)) continue;
      handedOver.add(ticket.id);
      download(ticket.result.file, nameOf(ticket));
    }
  }, [tickets]);

  const running = tickets.find((x) => x.state === 'running');
  useTitlePercent(running, running ? fmtPercent.format(exportFraction(running)) : null);
  const hasPicker = typeof (globalThis as { showSaveFilePicker?: unknown }).showSaveFilePicker === 'function';

  return (
    <>
      <Modal opened={opened} onClose={onClose} title={t('title')} data-testid="export-dialog">
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('range')}
            </Text>
            <SegmentedControl
              value={kind}
              onChange={(v) => setKind(v as ExportRange)}
              data={[
                { value: 'laps', label: t('laps') },
                { value: 'session', label: t('session') },
              ]}
              data-testid="export-range"
            />
          </div>
          {kind === 'laps' && (
            <Group gap="xs" grow>
              <Select label={t('from')} data={lapNumbers.map(String)} value={from === null ? null : String(from)} onChange={(v) => setFrom(v === null ? null : Number(v))} allowDeselect={false} data-testid="export-from" comboboxProps={{ withinPortal: true }} />
              <Select label={t('to')} data={lapNumbers.map(String)} value={to === null ? null : String(to)} onChange={(v) => setTo(v === null ? null : Number(v))} allowDeselect={false} data-testid="export-to" comboboxProps={{ withinPortal: true }} />
            </Group>
          )}
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('resolution')}
            </Text>
            <SegmentedControl value={String(height)} onChange={(v) => setHeight(Number(v) as ExportHeight)} data={['720', '1080'].map((v) => ({ value: v, label: `${v}p` }))} data-testid="export-resolution" />
          </div>
          <Text size="sm" c="dimmed">
            {t('gauges')}
          </Text>
          {plan && !plan.ok && (
            <Alert color="yellow" variant="light" data-testid="export-not-covered">
              {t('errors.not-covered')} {covered.length > 0 ? t('covers', { laps: listFmt.format(covered.map(String)) }) : t('coversNone')}
            </Alert>
          )}
          {problem && (
            <Alert color="red" variant="light" role="alert" data-testid="export-problem">
              {errorText(t, problem)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            <Button onClick={() => void start()} disabled={!plan?.ok} data-testid="export-start">
              {t('start')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {tickets.length > 0 && (
        <Stack gap={6} data-testid="export-list">
          {tickets.map((ticket) => (
            <TicketLine key={ticket.id} ticket={ticket} fmtPercent={fmtPercent} fmtSize={fmtSize} hasPicker={hasPicker} />
          ))}
        </Stack>
      )}
    </>
  );
}

/** The name the racer gets: the WebM fallback's extension when it was used. */
function nameOf(ticket: ExportTicket): string {
  return ticket.result?.container === 'webm' ? ticket.downloadName.replace(/\.mp4$/, '.webm') : ticket.downloadName;
}

function formatDuration(seconds: number, locale: string): string {
  const s = Math.round(seconds);
  const m = Math.floor(s / 60);
  const unit = (value: number, u: 'minute' | 'second') => new Intl.NumberFormat(locale, { style: 'unit', unit: u, unitDisplay: 'narrow' }).format(value);
  return m > 0 ? `${unit(m, 'minute')} ${unit(s % 60, 'second')}` : unit(s, 'second');
}

function TicketLine({ ticket, fmtPercent, fmtSize, hasPicker }: { ticket: ExportTicket; fmtPercent: Intl.NumberFormat; fmtSize: Intl.NumberFormat; hasPicker: boolean }) {
  const { t, i18n } = useTranslation('videoExport');
  const [, tick] = useState(0);
  // The time left moves with the clock between progress reports.
  useEffect(() => {
    if (ticket.state !== 'running') return;
    const id = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(id);
  }, [ticket.state]);
  const fraction = exportFraction(ticket);
  const left = ticket.startedAt === null ? null : secondsLeft(fraction, (performance.now() - ticket.startedAt) / 1000);
  const name = nameOf(ticket);
  return (
    <Stack gap={4} data-testid="export-item" data-state={ticket.state}>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      {ticket.state === 'queued' && (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            {t('queued')}
          </Text>
          <Button size="xs" variant="default" onClick={() => cancelExport(ticket.id)} data-testid="export-cancel">
            {t('cancel')}
          </Button>
        </Group>
      )}
      {ticket.state === 'running' && (
        <Group gap="xs" wrap="nowrap">
          <Progress value={fraction * 100} w={200} aria-label={name} data-testid="export-progress" data-fraction={fraction.toFixed(4)} />
          <Text size="sm" data-testid="export-status">
            {left === null ? t('runningNoEstimate', { percent: fmtPercent.format(fraction) }) : t('running', { percent: fmtPercent.format(fraction), left: formatDuration(left, i18n.language) })}
          </Text>
          <Button size="xs" variant="default" onClick={() => cancelExport(ticket.id)} data-testid="export-cancel">
            {t('cancel')}
          </Button>
        </Group>
      )}
      {ticket.state === 'done' && ticket.result && (
        <>
          <Group gap="xs">
            <Text size="sm" data-testid="export-done">
              {t('done', { name, size: fmtSize.format(ticket.result.bytes / 1e6) })}
            </Text>
            <Button size="xs" variant="default" onClick={() => download(ticket.result!.file, name)} data-testid="export-download">
              {t('download')}
            </Button>
            {hasPicker && (
              <Button size="xs" variant="default" onClick={() => void saveAs(ticket.result!.file, name)} data-testid="export-save-as">
                {t('saveAs')}
              </Button>
            )}
            <Button size="xs" variant="subtle" onClick={() => dismissExport(ticket.id)}>
              {t('dismiss')}
            </Button>
          </Group>
          {ticket.result.container === 'webm' && (
            <Alert color="yellow" variant="light" data-testid="export-webm">
              {t('webmFallback')} {ticket.result.audioDropped ? t('audioDropped') : ''}
            </Alert>
          )}
        </>
      )}
      {(ticket.state === 'failed' || ticket.state === 'cancelled') && (
        <Group gap="xs">
          <Alert color={ticket.state === 'failed' ? 'red' : 'gray'} variant="light" role={ticket.state === 'failed' ? 'alert' : undefined} data-testid="export-error" data-code={ticket.error?.code ?? ''}>
            {ticket.state === 'cancelled' ? t('cancelled') : errorText(t, ticket.error)}
          </Alert>
          <Button size="xs" variant="subtle" onClick={() => dismissExport(ticket.id)}>
            {t('dismiss')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
