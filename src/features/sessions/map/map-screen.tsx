/**
 * /sessions/map: the circuit and the active sessions' laps: lap colours or a speed-coloured
 * trace, labels and laps shown or hidden, sector vision (per-sector colours and gate colours), min/max speed
 * markers, and the gate editor (Toggle Draw, Toggle Edit, Snap to laps); saving edited gates re-times the left
 * session's laps from its positions. The OpenLayers map is a lazy chunk.
 */
import { Button, Checkbox, Chip, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
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
import { lapKeyOf } from '../search';
import { circuitOutline, drawableLaps, hasNoLaps, isFullyUpdated, lapTraces, sideOf, speedMarkers } from '../shared';
import { NoActiveSession, NoLapsFound, NotFullyUpdated, SessionsLoadError, SessionsLoading } from '../shared';
import { useSessionsPort, type LoadedSession } from '../shared';
import { useLoadedSessions } from '../shared';

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

  const [showLabels, setShowLabels] = useState(true);
  const [showLaps, setShowLaps] = useState(true);
  const [speedColoured, setSpeedColoured] = useState(false);
  const [sectorVision, setSectorVision] = useState(false);
  const [minMax, setMinMax] = useState(false);
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

  const traces = useMemo(
    () => (showLaps ? sessions.flatMap((s) => lapTraces(s, { sectorVision, hidden, picked: pickedLap, labelPrefix: sessions.length > 1 })) : []),
    [sessions, showLaps, sectorVision, hidden, pickedLap],
  );
  const locale = i18n.language;
  const markers = useMemo(
    () =>
      minMax && showLaps
        ? sessions.flatMap((s) =>
            speedMarkers(s, hidden, (kmh, kind) => (kind === 'min' ? t('map.min', { speed: formatSpeedKmh(kmh, locale) }) : t('map.max', { speed: formatSpeedKmh(kmh, locale) }))),
          )
        : [],
    [minMax, showLaps, sessions, hidden, t, locale],
  );
  const fitKey = sessions.map((s) => s.id).join('|');
  const outline = useMemo(() => (left ? circuitOutline(left) : null), [left]);
  const gateNames = [t('map.gateLabels.sf'), t('map.gateLabels.s1'), t('map.gateLabels.s2')];
  // What a click does in Draw mode, and why it does nothing once every gate is placed.
  const gateHint = gateMode !== 'draw' ? null : gates.length >= MAX_GATES ? t('map.gatesFull', { count: MAX_GATES }) : t('map.drawNext', { gate: gateNames[gates.length] });

  if (!selection.left) return <NoActiveSession plural />;
  if (loaded.error) return <SessionsLoadError message={loaded.error} />;
  if (loaded.loading || !left) return <SessionsLoading />;

  const toggleHidden = (key: string) =>
    setHidden((previous) => {
      const next = new Set(previous);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

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
      <Paper withBorder p="xs">
        <Group gap="md" wrap="wrap">
          <Switch size="xs" label={t('map.labels')} checked={showLabels} onChange={(e) => setShowLabels(e.currentTarget.checked)} />
          <Switch size="xs" label={t('map.laps')} checked={showLaps} onChange={(e) => setShowLaps(e.currentTarget.checked)} />
          <Switch size="xs" label={t('map.speed')} checked={speedColoured} onChange={(e) => setSpeedColoured(e.currentTarget.checked)} disabled={sectorVision} />
          <Switch size="xs" label={t('map.sectors')} checked={sectorVision} onChange={(e) => setSectorVision(e.currentTarget.checked)} />
          <Switch size="xs" label={t('map.minMax')} checked={minMax} onChange={(e) => setMinMax(e.currentTarget.checked)} />
          {/* Every gate button is always there (disabled when it does not apply): a button appearing with Draw
              wrapped the toolbar and pushed the map down a line. */}
          <Group gap={6}>
            <Button size="compact-xs" variant={gateMode === 'draw' ? 'filled' : 'light'} onClick={() => setGateMode(gateMode === 'draw' ? 'view' : 'draw')} aria-pressed={gateMode === 'draw'}>
              {t('map.toggleDraw')}
            </Button>
            <Button size="compact-xs" variant={gateMode === 'edit' ? 'filled' : 'light'} onClick={() => setGateMode(gateMode === 'edit' ? 'view' : 'edit')} aria-pressed={gateMode === 'edit'}>
              {t('map.toggleEdit')}
            </Button>
            <Checkbox size="xs" label={t('map.snap')} checked={snap} onChange={(e) => setSnap(e.currentTarget.checked)} />
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setDraftGates([])} disabled={gateMode === 'view' || gates.length === 0} data-testid="clear-gates">
              {t('map.clearGates')}
            </Button>
            <Button size="compact-xs" onClick={() => void saveGates()} loading={saving} disabled={!draftGates || draftGates.length === 0} data-testid="save-gates">
              {t('map.saveGates')}
            </Button>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setDraftGates(null)} disabled={!draftGates} data-testid="discard-gates">
              {t('map.discardGates')}
            </Button>
          </Group>
        </Group>
      </Paper>
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
        <Paper key={s.id} withBorder p="xs">
          <Text size="sm" fw={600} mb={4}>
            {t('map.lapsOf', { name: s.name })}
          </Text>
          {drawableLaps(s).length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('map.noPositions')}
            </Text>
          ) : (
            <Group gap={4} wrap="wrap">
              {drawableLaps(s).map((lap) => {
                const key = lapKeyOf(sideOf(s), lap.lapNumber);
                return (
                  <Group key={key} gap={2} wrap="nowrap">
                    <Checkbox size="xs" aria-label={`${t('analysis.lap')} ${lap.lapNumber}`} checked={!hidden.has(key)} onChange={() => toggleHidden(key)} color={lap.color} />
                    <Chip
                      size="xs"
                      checked={pickedLap === key}
                      onChange={() => onPickLap(pickedLap === key ? null : key)}
                      color={lap.color}
                      data-lap-key={key}
                      styles={{ label: { borderColor: lap.color } }}
                    >
                      {lap.lapNumber}
                    </Chip>
                  </Group>
                );
              })}
            </Group>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
