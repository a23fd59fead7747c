/**
 * /sessions/map: the circuit and the active sessions' laps: lap colours or a speed-coloured
 * trace, labels and laps shown or hidden, sector vision (per-sector colours and gate colours), min/max speed
 * markers, and the gate editor (Toggle Draw, Toggle Edit, Snap to laps); saving edited gates re-times the left
 * session's laps from its positions. The OpenLayers map is a lazy chunk.
 */
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSpeedKmh } from '../../../domain/value-format/speed';
import type { GatePoint } from '../../../domain/session-types';
import { KeepOfflineButton } from '../../../ui/map/keep-offline';
import { LazyTrackMap } from '../../../ui/map/lazy-track-map';
import { MAX_GATES } from '../../../ui/map/gate-limits';
import type { GateMode } from '../../../ui/map/types';
import { notifyError, notifySuccess } from '../../../ui/toast';
import { activeSessions, useActiveSessions, type ActiveSessionsStore } from '../shared';
import { errorText } from '../shared';
import { circuitOutline, hasNoLaps, isFullyUpdated } from '../shared';
import { NoActiveSession, NoLapsFound, NotFullyUpdated, SessionsLoadError, SessionsLoading } from '../shared';
import { useSessionsPort, type LoadedSession } from '../shared';
import { useLoadedSessions } from '../shared';
import { MapLapList, MapToolbar, type MapSwitches } from './map-controls';
import { gateHintOf, mapFitKey, mapMarkers, mapTraces, toggledKey } from './map-view-model';

export interface MapScreenProps {
  pickedLap: string | null;
  onPickLap: (key: string | null) => void;
  store?: ActiveSessionsStore;
  /** Open with the gate editor drawing (the lap viewer's 'Draw sectors' for a circuit without sectors). */
  startDrawing?: boolean;
}

export function MapScreen({ pickedLap, onPickLap, store = activeSessions, startDrawing = false }: MapScreenProps) {
  const { t, i18n } = useTranslation('sessions');
  const port = useSessionsPort();
  const selection = useActiveSessions(store);
  const loaded = useLoadedSessions(port, selection);
  const sessions = useMemo(() => [loaded.left, loaded.right].filter((s): s is LoadedSession => s !== null), [loaded.left, loaded.right]);

  const [switches, setSwitches] = useState<MapSwitches>({ showLabels: true, showLaps: true, speedColoured: false, sectorVision: false, minMax: false });
  const { showLabels, showLaps, speedColoured, sectorVision, minMax } = switches;
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [gateMode, setGateMode] = useState<GateMode>(startDrawing ? 'draw' : 'view');
  const [snap, setSnap] = useState(true);
  const [draftGates, setDraftGates] = useState<GatePoint[] | null>(null);
  const [saving, setSaving] = useState(false);

  const left = loaded.left;
  const circuit = left?.circuit ?? null;
  const gates = draftGates ?? circuit?.gates ?? [];
  const widthM = circuit?.widthM ?? 15;
  // A new left session starts from its own gates (drawing, when the screen was opened to draw).
  useEffect(() => {
    setDraftGates(null);
    setGateMode(startDrawing ? 'draw' : 'view');
    // Only a new session resets the mode: the racer's own toggles stand.
  }, [left?.id]);

  const traces = useMemo(() => mapTraces(sessions, { showLaps, sectorVision, minMax, hidden, picked: pickedLap }), [sessions, showLaps, sectorVision, minMax, hidden, pickedLap]);
  const locale = i18n.language;
  const markers = useMemo(
    () => mapMarkers(sessions, { showLaps, sectorVision, minMax, hidden, picked: null }, (kmh, kind) => t(kind === 'min' ? 'map.min' : 'map.max', { speed: formatSpeedKmh(kmh, locale) })),
    [minMax, showLaps, sectorVision, sessions, hidden, t, locale],
  );
  const fitKey = mapFitKey(sessions);
  const outline = useMemo(() => (left ? circuitOutline(left) : null), [left]);
  const gateNames = [t('map.gateLabels.sf'), t('map.gateLabels.s1'), t('map.gateLabels.s2')];
  // What a click does in Draw mode, and why it does nothing once every gate is placed.
  const hint = gateHintOf(gateMode === 'draw', gates.length, MAX_GATES, gateNames);
  const gateHint = hint ? t(hint.key, hint.values) : null;

  if (!selection.left) return <NoActiveSession plural />;
  if (loaded.error) return <SessionsLoadError message={loaded.error} />;
  if (loaded.loading || !left) return <SessionsLoading />;

  const toggleHidden = (key: string) => setHidden((previous) => toggledKey(previous, key));

  const saveGates = async () => {
    if (!draftGates) return;
    setSaving(true);
    try {
      const result = await port.saveGates(left.id, draftGates, widthM);
      notifySuccess(t('map.gatesSaved', { laps: result.laps }));
      setGateMode('view');
      setDraftGates(null);
      loaded.reload();
    } catch (e) {
      notifyError(`${t('messages.updateFailed')}: ${errorText(e, t)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="sm">
      <Title order={2}>{t('map.title')}</Title>
      {sessions.map((s) => (hasNoLaps(s) ? <NoLapsFound key={s.id} name={s.name} circuit={s.circuit !== null} onDraw={() => setGateMode('draw')} /> : !isFullyUpdated(s) && <NotFullyUpdated key={s.id} name={s.name} />))}
      <MapToolbar
        switches={switches}
        onSwitch={(name, on) => setSwitches((previous) => ({ ...previous, [name]: on }))}
        gateMode={gateMode}
        onGateMode={setGateMode}
        snap={snap}
        onSnap={setSnap}
        gateCount={gates.length}
        draftCount={draftGates ? draftGates.length : null}
        saving={saving}
        onClear={() => setDraftGates([])}
        onSave={() => void saveGates()}
        onDiscard={() => setDraftGates(null)}
      />
      <div style={{ position: 'relative' }}>
      <LazyTrackMap
        aria-label={t('map.mapLabel')}
        traces={traces}
        gates={gates}
        gateWidthM={widthM}
        gateLabels={gateNames}
        showLabels={showLabels}
        speedColoured={speedColoured && !sectorVision}
        sectorVision={sectorVision}
        markers={markers}
        gateMode={gateMode}
        snapToTraces={snap}
        onGatesChange={setDraftGates}
        fitKey={fitKey}
        outline={outline}
        height="min(65vh, 640px)"
      />
        {gateHint && (
          // Over the map, not above it: the hint never moves the map.
          <Paper role="status" data-testid="gate-hint" shadow="sm" px="xs" py={4} style={{ position: 'absolute', top: 8, left: 48, right: 48, zIndex: 2, textAlign: 'center' }}>
            <Text size="xs" fw={500}>
              {gateHint}
            </Text>
          </Paper>
        )}
      </div>
      <KeepOfflineButton outline={outline} />
      {sessions.map((s) => (
        <MapLapList key={s.id} session={s} hidden={hidden} pickedLap={pickedLap} onToggleHidden={toggleHidden} onPickLap={onPickLap} />
      ))}
    </Stack>
  );
}
