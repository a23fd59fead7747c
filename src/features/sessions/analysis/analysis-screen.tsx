/**
 * /sessions/analysis, the lap viewer: lap tables of the active sessions side by side (left and
 * right colour schemes), the reference lap, ECharts charts (speed vs distance with every lap of both sessions,
 * delta time to the reference, sector bars), a map of the laps, a corner table and consistency figures.
 * Picking a lap in a table or a chart highlights it everywhere (the pick is in the URL: ?lap=L-3). The left
 * session's on-board video (video/video-panel.tsx) plays beside them once added.
 */
import { Grid, Stack } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLapTime } from '../../../app/preferences/lap-time-digits';
import { translateMessage } from '../../../app/i18n/setup';
import { notifyError } from '../../../ui/toast';
import { isOptimal } from '../coach';
import { lapKeyOf } from '../search';
import {
  activeSessions,
  hasNoLaps,
  isFullyUpdated,
  NoActiveSession,
  NoLapsFound,
  NotFullyUpdated,
  SessionsLoadError,
  SessionsLoading,
  sharedReference,
  useActiveSessions,
  useSessionsPort,
  useSharedReference,
  type ActiveSessionsStore,
  type LoadedSession,
  type SharedReferenceStore,
} from '../shared';
import { AnalysisGraphics } from './analysis-graphics';
import { AnalysisHeader, SharedReferenceNote } from './analysis-header';
import { chartPick, leftLapOf, pickedLeftLapOf, referenceChoices } from './analysis-view-model';
import { CornerTable } from './corner-table';
import { LapTable } from './lap-table';
import { SharedLapsDialog } from './shared-laps-dialog';
import { useAnalysisCursor, useAnalysisFigures, useLapComparison, useVideoState } from './use-analysis-model';
import { useOpenRequest } from './use-open-request';
import { useCompareRequest, useSharedLap } from './use-shared-lap';
import { useShownSessions } from './use-team-session';
import { TeamSessionBanner, TeamSessionUnavailableMessage } from './team-session-banner';

/** The coach's panel, in its own chunk: the lap tables and charts show first. */
const CoachPanel = lazy(() => import('../coach/coach-panel'));
/** The on-board video player, in its own chunk: loaded only once the session has a video or the racer adds one. */
const VideoPanel = lazy(() => import('../video/video-panel'));

export interface AnalysisScreenProps {
  pickedLap: string | null;
  referenceLap: string | null;
  onPickLap: (key: string | null) => void;
  onReferenceLap: (key: string | null) => void;
  /** A session asked for by '?open=' (local id), and how to drop that request from the URL once applied. */
  openSessionId?: number | null;
  onOpened?: () => void;
  store?: ActiveSessionsStore;
  /** Charts and map are canvas/WebGL: component tests turn them off. */
  withGraphics?: boolean;
  /** Opens the map's gate editor (offered in the left lap table when the circuit has no sectors). */
  onDrawSectors?: () => void;
  /** 'Compare with my best' from a leaderboard row: another racer's lap '<session>-<lap>' on a circuit. */
  compareRequest?: { compare: string | null; circuitId: number | null };
  onCompareApplied?: () => void;
  sharedStore?: SharedReferenceStore;
  /** A team-mate's session (server id, '?team='): shown read-only in place of the active sessions. */
  teamSessionId?: number | null;
}

const NO_COMPARE = { compare: null, circuitId: null };

const noop = () => undefined;

/**
 * Each session's notices (no laps, not fully updated) and its lap table, side by side when two are compared.
 * `readOnly`: a team-mate's session, whose start/finish or sectors the racer cannot draw.
 */
function SessionLapTables({ sessions, picked, reference, onPickLap, onDrawSectors, readOnly }: { sessions: readonly LoadedSession[]; picked: string | null; reference: string | null; onPickLap: (key: string | null) => void; onDrawSectors?: () => void; readOnly: boolean }) {
  const both = sessions.length > 1;
  return (
    <>
      {sessions.map((s) => (hasNoLaps(s) ? !readOnly && <NoLapsFound key={s.id} name={s.name} circuit={s.circuit !== null} /> : !isFullyUpdated(s) && <NotFullyUpdated key={s.id} name={s.name} />))}
      {/* Side by side only from xl (88em): below it two columns are narrower than a lap table (560 px) and scroll. */}
      <Grid gap="sm">
        {sessions.map((s, i) => (
          <Grid.Col key={s.id} span={{ base: 12, xl: both ? 6 : 12 }}>
            {/* The gate editor re-times the left session (the first): the offer to draw sectors is its table's. */}
            <LapTable session={s} picked={picked} reference={reference} onPick={onPickLap} onDrawSectors={i === 0 && !readOnly ? onDrawSectors : undefined} />
          </Grid.Col>
        ))}
      </Grid>
    </>
  );
}

export function AnalysisScreen({
  pickedLap,
  referenceLap: chosenReference,
  onPickLap,
  onReferenceLap,
  openSessionId = null,
  onOpened = noop,
  store = activeSessions,
  withGraphics = true,
  onDrawSectors,
  compareRequest = NO_COMPARE,
  onCompareApplied = noop,
  sharedStore = sharedReference,
  teamSessionId = null,
}: AnalysisScreenProps) {
  const { t } = useTranslation('sessions');
  const formatLapTime = useLapTime();
  const port = useSessionsPort();
  const opening = useOpenRequest(port, store, openSessionId, onOpened);
  const comparing = useCompareRequest(port, store, sharedStore, compareRequest, onCompareApplied, () => notifyError(t('shared.noOwnSession')));
  const selection = useActiveSessions(store);
  // A team-mate's session is read-only: no video, no gate edits, no other racer's lap beside it.
  const readOnly = teamSessionId !== null;
  const { loaded, unavailable } = useShownSessions(port, selection, teamSessionId);
  const sharedRef = useSharedReference(sharedStore);
  /** Another racer's lap, on the right when no second session of the racer's is active. */
  const sharedLap = useSharedLap(port, readOnly ? null : sharedRef, loaded.left, selection.right !== null);
  const right = loaded.right ?? sharedLap.session;
  const sharedBy = right?.sharedBy ?? null;
  // Another racer's lap is the reference by default (what it is there for); the racer may pick another.
  const referenceLap = chosenReference ?? (sharedBy ? lapKeyOf('R', sharedBy.lapNumber) : null);
  const [choosingShared, setChoosingShared] = useState(false);
  const rows = port.useLibraryRows();
  const leftCategoryId = rows?.find((r) => r.id === loaded.left?.id)?.vehicleCategoryId ?? null;
  const view = useLapComparison(port, loaded.left, right, pickedLap, referenceLap);
  const { sessions, both, entries, picked, optimal, reference, compared, lapLabel } = view;
  /** Two sessions' lines are moved onto each other (the compared lap's session onto the reference's) unless turned off. */
  const [alignLines, setAlignLines] = useState(true);
  const figures = useAnalysisFigures(view, withGraphics, alignLines);
  const video = useVideoState(loaded.left, entries, reference, withGraphics && !readOnly);
  const { cursorStore, focus, focusOn, cursor, onMapClick, videoSeek } = useAnalysisCursor(view, figures.gTrace, figures.numberLocale, video.showVideo, video.videoEntry);

  if (opening || comparing) return <SessionsLoading />;
  if (unavailable) return <TeamSessionUnavailableMessage reason={unavailable} />;
  if (!readOnly && !selection.left) return <NoActiveSession plural={false} />;
  if (loaded.error) return <SessionsLoadError message={loaded.error} />;
  if (loaded.loading || !loaded.left) return <SessionsLoading />;
  const left = loaded.left;
  /** The lap the coach panel's 'Best lap' is: the left session's (the panel's figures are that session's). */
  const bestLeft = leftLapOf(entries, left, left.analysis.bestLapNumber);

  return (
    <Stack gap="sm">
      <AnalysisHeader
        onAddVideo={withGraphics && !readOnly && !video.showVideo ? video.addVideo : null}
        onOpenSharedLaps={!readOnly && left.circuitId !== null && selection.right === null ? () => setChoosingShared(true) : null}
        referenceChoices={referenceChoices(view.referenceEntries, both, t('coach.optimalShort'), formatLapTime)}
        reference={reference?.key ?? null}
        onReferenceLap={onReferenceLap}
      />
      {left.teamOwner && <TeamSessionBanner owner={left.teamOwner} name={left.name} />}
      <SharedReferenceNote
        sharedBy={sharedBy}
        error={sharedLap.error ? translateMessage(sharedLap.error) : null}
        onRemove={() => {
          sharedStore.set(null);
          onReferenceLap(null);
        }}
        onDismissError={() => sharedStore.set(null)}
      />
      {left.circuitId !== null && (
        <SharedLapsDialog
          opened={choosingShared}
          port={port}
          circuitId={left.circuitId}
          circuitName={left.circuit?.name ?? ''}
          vehicleCategoryId={leftCategoryId}
          onClose={() => setChoosingShared(false)}
          onPick={(lap) => {
            setChoosingShared(false);
            onReferenceLap(null);
            sharedStore.set({ sessionId: lap.sessionId, lapNumber: lap.lapNumber, circuitId: left.circuitId! });
          }}
        />
      )}
      <SessionLapTables sessions={sessions} picked={picked} reference={reference?.key ?? null} onPickLap={onPickLap} onDrawSectors={onDrawSectors} readOnly={readOnly} />
      {video.showVideo && (
        <Suspense fallback={<SessionsLoading />}>
          <VideoPanel session={left} cursorStore={cursorStore} pickedLap={pickedLeftLapOf(compared, left, picked)} reference={video.referenceTrace} acceleration={view.leftCoaching.data?.acceleration ?? null} seekRequest={videoSeek} compareSession={loaded.right} onLapShown={video.onLapShown} />
        </Suspense>
      )}
      {withGraphics && (
        <AnalysisGraphics
          figures={figures}
          sessions={sessions}
          left={left}
          reference={reference}
          compared={compared}
          cursorStore={cursorStore}
          cursor={cursor}
          focus={focus}
          onPickLap={(key) => onPickLap(chartPick(entries, picked, key))}
          onMapClick={onMapClick}
        />
      )}
      <Suspense fallback={null}>
        <CoachPanel
          coaching={view.leftCoaching}
          report={view.report}
          reference={reference}
          compared={compared}
          lapLabel={lapLabel}
          bestLapMs={left.analysis.bestLapMs}
          bestLapName={bestLeft ? lapLabel(bestLeft) : null}
          sumOfBestSectorsMs={left.analysis.optimalLapMs}
          referenceIsOptimal={isOptimal(reference)}
          onUseOptimal={() => optimal && onReferenceLap(optimal.key)}
          linesAligned={alignLines}
          onAlignLines={setAlignLines}
          onFocus={focusOn}
        />
      </Suspense>
      <CornerTable corners={figures.corners} reference={reference} compared={compared} lapLabel={lapLabel} locale={figures.userLocale} onFocus={focusOn} />
    </Stack>
  );
}
