/**
 * The on-board video of the analysis screen's session, in its own chunk (loaded once a video is added or asked
 * for): add videos (several files at once; a GoPro recording's chapters become one video), play it with the overlay drawn on a canvas over it, step frame by frame, 'play lap N', mark
 * start/finish crossings to sync it by hand. The frame shown drives the map cursor (distance into the lap); a
 * cursor moved by the racer (chart, map) while paused, or a lap picked in the table, seeks the video.
 */
import { Alert, Button, FileButton, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from '../../../data/live-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addVideosWith, videoRepository, type AddNoticeItem, type VideoRow } from '../../../data/services';
import type { LapTrace } from '../../../domain/lap-compare/lap-trace';
import type { AccelerationColumns } from '../../../domain/coaching/acceleration';
import type { CursorStore } from '../shared';
import type { LoadedSession } from '../shared';
import { addVideoMedia } from '../../../media/add-video';
import type { VideoSeekRequest } from './seek-request';
import { Player } from './video-player';
import { problemOf, type Problem } from './video-problem';
// Registers the panel's texts (it is loaded on demand) before it renders.
import './i18n';
import './export-i18n';

export interface VideoPanelProps {
  session: LoadedSession;
  cursorStore: CursorStore;
  /** The lap picked in the table (its number in this session), or null. */
  pickedLap: number | null;
  /** The reference lap's trace, for the delta gauge. */
  reference: LapTrace | null;
  /** The session's per-fix g (the coach's worker computes it), for the g-meter; null until it is there. */
  acceleration?: AccelerationColumns | null;
  /** A click on a chart or the map: the video shows that place of the lap it is on (or the lap picked). */
  seekRequest?: VideoSeekRequest | null;
  /** The compared (right-hand) session: its video, if it has one, plays beside this one, following by distance. */
  compareSession?: LoadedSession | null;
  /** The lap of the frame shown (its number in this session; null before the first lap or without sync), on each change. */
  onLapShown?: (lap: number | null) => void;
}

/** Adding a pick of videos: the data layer's use case, given the media work. */
const addVideos = addVideosWith(addVideoMedia);

/** The files 'Add video' offers: MP4, MOV and WebM. */
const ACCEPT = 'video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm';

export default function VideoPanel({ session, cursorStore, pickedLap, reference, acceleration = null, seekRequest = null, compareSession = null, onLapShown }: VideoPanelProps) {
  const { t, i18n } = useTranslation('video');
  const videos = useLiveQuery(() => videoRepository.listForSession(session.id), [session.id]);
  // A session may hold several videos (several files picked at once): one is shown, the racer picks which.
  const [shownId, setShownId] = useState<number | null>(null);
  const row: VideoRow | null = videos?.find((v) => v.id === shownId) ?? videos?.[0] ?? null;
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [notices, setNotices] = useState<AddNoticeItem[]>([]);
  const abort = useRef<AbortController | null>(null);
  const severalAdded = new Set(notices.map((n) => n.video)).size > 1;

  async function onFiles(files: File[]) {
    if (files.length === 0) return;
    setProblem(null);
    setNotices([]);
    abort.current = new AbortController();
    setProgress(0);
    try {
      const added = await addVideos(files, { sessionLocalId: session.id, positions: session.positions, signal: abort.current.signal, onProgress: (done, total) => setProgress(total > 0 ? done / total : 1) });
      setNotices(added.flatMap((a) => a.notices));
      // What was just added is what the racer wants to see.
      if (added.length > 0) setShownId(added[0].row.id);
    } catch (e) {
      setProblem(problemOf(e));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  }

  return (
    <Paper withBorder p="sm" data-testid="video-panel">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('title')}
          </Title>
          {row && (
            <Group gap={4}>
              {progress === null && (
                // Another recording of the same session (a second camera, the chapters of another recording).
                <FileButton multiple onChange={(f) => void onFiles(f)} accept={ACCEPT} inputProps={{ 'data-testid': 'video-file-more' } as never}>
                  {(props) => (
                    <Button {...props} size="xs" variant="subtle" data-testid="video-choose-more">
                      {t('addMore')}
                    </Button>
                  )}
                </FileButton>
              )}
              <Button size="xs" variant="subtle" color="red" onClick={() => void videoRepository.remove(row.id)} data-testid="video-remove">
                {t('remove')}
              </Button>
            </Group>
          )}
        </Group>
        {!row && progress === null && (
          <>
            <Text size="sm" c="dimmed">
              {t('help')}
            </Text>
            <FileButton multiple onChange={(f) => void onFiles(f)} accept={ACCEPT} inputProps={{ 'data-testid': 'video-file' } as never}>
              {(props) => (
                <Button {...props} w="fit-content" data-testid="video-choose">
                  {t('choose')}
                </Button>
              )}
            </FileButton>
          </>
        )}
        {progress !== null && (
          <Group gap="xs" data-testid="video-copying">
            <Text size="sm">{t('copying', { percent: new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(progress) })}</Text>
            <Progress value={progress * 100} w={200} aria-label={t('title')} />
            <Button size="xs" variant="default" onClick={() => abort.current?.abort()}>
              {t('cancel')}
            </Button>
          </Group>
        )}
        {problem && (
          <Alert color="red" variant="light" role="alert" data-testid="video-error">
            {t(problem.key, { name: problem.name, codec: problem.codec })}
          </Alert>
        )}
        {notices.map((n, i) => (
          <Alert key={`${n.key}-${i}`} color="yellow" variant="light" data-testid={`video-notice-${n.key}`}>
            {severalAdded ? `${n.video}: ` : ''}
            {t(`errors.${n.key}`, { names: n.names.join(', '), leftOut: n.leftOut.join(', ') })}
          </Alert>
        ))}
        {/* Not while a copy runs: the stored row shows up in the list before the copy is done, and the picker would
            name the previous video for a moment before it switches to the one just added. */}
        {row && videos && videos.length > 1 && progress === null && (
          <Select
            label={t('shown')}
            data={videos.map((v) => ({ value: String(v.id), label: v.fileName }))}
            value={String(row.id)}
            onChange={(v) => v !== null && setShownId(Number(v))}
            allowDeselect={false}
            maw={420}
            data-testid="video-shown"
            comboboxProps={{ withinPortal: true }}
          />
        )}
        {row && <Player key={row.id} row={row} session={session} cursorStore={cursorStore} pickedLap={pickedLap} reference={reference} acceleration={acceleration} seekRequest={seekRequest} compareSession={compareSession} onLapShown={onLapShown} onProblem={setProblem} />}
      </Stack>
    </Paper>
  );
}
