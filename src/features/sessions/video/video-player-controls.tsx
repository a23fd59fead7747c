/**
 * The player's controls, laid out (video-player.tsx wires them): the frame and second steps, play/pause, the gauges
 * and the frame shown; the lap to play or mark, 'play lap N', 'mark start/finish' and clearing the marks; and
 * 'Export video', whose dialog and worker load on its first click (their own chunk).
 */
import { Button, Group, Select, Text } from '@mantine/core';
import { lazy, Suspense, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import type { LapChoice } from '../../../domain/video/lap-choices';
import type { Gauge } from '../../../domain/video/overlay-layout';
import type { ExportVideoProps } from './export-video';
import { GaugePicker } from './gauge-picker';
import { lapChoiceLabel } from './lap-choice-label';

/** 'Export video' and its worker load on the first click (their own chunk). */
const ExportVideo = lazy(() => import('./export-video'));

interface TransportProps {
  playing: boolean;
  onStep: (by: { frames: number } | { seconds: number }) => void;
  onPlayPause: () => void;
  gauges: Gauge[];
  onGauges: (next: Gauge[]) => void;
  /** Where each drawing writes the frame shown (no React render per frame). */
  frameRef: RefObject<HTMLSpanElement | null>;
}

export function PlayerTransport({ playing, onStep, onPlayPause, gauges, onGauges, frameRef }: TransportProps) {
  const { t } = useTranslation('video');
  return (
    <Group gap={4} wrap="wrap">
      <Button size="xs" variant="default" onClick={() => onStep({ seconds: -1 })} data-testid="video-back-1s">
        {t('back1s')}
      </Button>
      <Button size="xs" variant="default" onClick={() => onStep({ frames: -1 })} data-testid="video-back-1f">
        {t('back1f')}
      </Button>
      <Button size="xs" onClick={onPlayPause} data-testid="video-play">
        {playing ? t('pause') : t('play')}
      </Button>
      <Button size="xs" variant="default" onClick={() => onStep({ frames: 1 })} data-testid="video-fwd-1f">
        {t('fwd1f')}
      </Button>
      <Button size="xs" variant="default" onClick={() => onStep({ seconds: 1 })} data-testid="video-fwd-1s">
        {t('fwd1s')}
      </Button>
      <GaugePicker gauges={gauges} onChange={onGauges} />
      <Text size="sm" ff="monospace" ml="sm">
        <span ref={frameRef} data-testid="video-frame" />
      </Text>
    </Group>
  );
}

interface LapControlsProps {
  /** The lap select's label. */
  label: string;
  choices: readonly LapChoice[];
  lap: number | null;
  onLap: (lap: number | null) => void;
  synced: boolean;
  hasMarks: boolean;
  onPlayLap: () => void;
  onMark: () => void;
  onClearMarks: () => void;
}

export function PlayerLapControls({ label, choices, lap, onLap, synced, hasMarks, onPlayLap, onMark, onClearMarks }: LapControlsProps) {
  const { t } = useTranslation('video');
  const formatLapTime = useLapTime();
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        size="xs"
        w={260}
        label={label}
        data={choices.map((c) => ({ value: String(c.lap), label: lapChoiceLabel(c, t, formatLapTime) }))}
        value={lap === null ? null : String(lap)}
        onChange={(v) => onLap(v === null ? null : Number(v))}
        allowDeselect={false}
        comboboxProps={{ width: 'target' }}
        data-testid="video-lap"
      />
      <Button size="xs" onClick={onPlayLap} disabled={!synced || lap === null} data-testid="video-play-lap">
        {t('playLap')} {lap ?? ''}
      </Button>
      <Button size="xs" variant="light" onClick={onMark} disabled={lap === null || lap === 0} title={t('markHelp')} data-testid="video-mark">
        {t('mark')}
      </Button>
      {hasMarks && (
        <Button size="xs" variant="subtle" onClick={onClearMarks} data-testid="video-clear-marks">
          {t('clearMarks')}
        </Button>
      )}
    </Group>
  );
}

/** 'Export video' (enabled once the video is synced) and its dialog, loaded on the first click and kept after. */
export function PlayerExport({ synced, ...dialog }: { synced: boolean } & Omit<ExportVideoProps, 'opened' | 'onClose'>) {
  const { t } = useTranslation('video');
  const [exportWanted, setExportWanted] = useState(false);
  const [exportOpen, setExportOpen] = useState(false);
  return (
    <>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          disabled={!synced}
          onClick={() => {
            setExportWanted(true);
            setExportOpen(true);
          }}
          data-testid="video-export"
        >
          {t('videoExport:open')}
        </Button>
      </Group>
      {exportWanted && (
        <Suspense fallback={null}>
          <ExportVideo {...dialog} opened={exportOpen} onClose={() => setExportOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
