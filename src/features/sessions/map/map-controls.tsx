/**
 * The map screen's controls, laid out (map-screen.tsx wires them): the switches (labels, laps, speed colours,
 * sector vision, min/max markers) with the gate editor's buttons, and each session's laps to show, hide or pick.
 */
import { Button, Checkbox, Chip, Group, Paper, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GateMode } from '../../../ui/map/types';
import { lapKeyOf } from '../search';
import { drawableLaps, sideOf, type LoadedSession } from '../shared';

export interface MapSwitches {
  showLabels: boolean;
  showLaps: boolean;
  speedColoured: boolean;
  sectorVision: boolean;
  minMax: boolean;
}

interface ToolbarProps {
  switches: MapSwitches;
  onSwitch: (name: keyof MapSwitches, on: boolean) => void;
  gateMode: GateMode;
  onGateMode: (mode: GateMode) => void;
  snap: boolean;
  onSnap: (on: boolean) => void;
  /** Gates on the map, and the racer's unsaved ones (null: none). */
  gateCount: number;
  draftCount: number | null;
  saving: boolean;
  onClear: () => void;
  onSave: () => void;
  onDiscard: () => void;
}

export function MapToolbar({ switches, onSwitch, gateMode, onGateMode, snap, onSnap, gateCount, draftCount, saving, onClear, onSave, onDiscard }: ToolbarProps) {
  const { t } = useTranslation('sessions');
  const toggle = (name: keyof MapSwitches, label: string, disabled = false) => <Switch size="xs" label={t(label)} checked={switches[name]} onChange={(e) => onSwitch(name, e.currentTarget.checked)} disabled={disabled} />;
  return (
    <Paper withBorder p="xs">
      <Group gap="md" wrap="wrap">
        {toggle('showLabels', 'map.labels')}
        {toggle('showLaps', 'map.laps')}
        {toggle('speedColoured', 'map.speed', switches.sectorVision)}
        {toggle('sectorVision', 'map.sectors')}
        {toggle('minMax', 'map.minMax')}
        {/* Every gate button is always there (disabled when it does not apply): a button appearing with Draw
            wrapped the toolbar and pushed the map down a line. */}
        <Group gap={6}>
          <Button size="compact-xs" variant={gateMode === 'draw' ? 'filled' : 'light'} onClick={() => onGateMode(gateMode === 'draw' ? 'view' : 'draw')} aria-pressed={gateMode === 'draw'}>
            {t('map.toggleDraw')}
          </Button>
          <Button size="compact-xs" variant={gateMode === 'edit' ? 'filled' : 'light'} onClick={() => onGateMode(gateMode === 'edit' ? 'view' : 'edit')} aria-pressed={gateMode === 'edit'}>
            {t('map.toggleEdit')}
          </Button>
          <Checkbox size="xs" label={t('map.snap')} checked={snap} onChange={(e) => onSnap(e.currentTarget.checked)} />
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onClear} disabled={gateMode === 'view' || gateCount === 0} data-testid="clear-gates">
            {t('map.clearGates')}
          </Button>
          <Button size="compact-xs" onClick={onSave} loading={saving} disabled={!draftCount} data-testid="save-gates">
            {t('map.saveGates')}
          </Button>
          <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard} disabled={draftCount === null} data-testid="discard-gates">
            {t('map.discardGates')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

interface LapListProps {
  session: LoadedSession;
  hidden: ReadonlySet<string>;
  pickedLap: string | null;
  onToggleHidden: (key: string) => void;
  onPickLap: (key: string | null) => void;
}

/** A session's laps: a box shows or hides each, a chip picks it. */
export function MapLapList({ session: s, hidden, pickedLap, onToggleHidden, onPickLap }: LapListProps) {
  const { t } = useTranslation('sessions');
  const laps = drawableLaps(s);
  return (
    <Paper withBorder p="xs">
      <Text size="sm" fw={600} mb={4}>
        {t('map.lapsOf', { name: s.name })}
      </Text>
      {laps.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('map.noPositions')}
        </Text>
      ) : (
        <Group gap={4} wrap="wrap">
          {laps.map((lap) => {
            const key = lapKeyOf(sideOf(s), lap.lapNumber);
            return (
              <Group key={key} gap={2} wrap="nowrap">
                <Checkbox size="xs" aria-label={`${t('analysis.lap')} ${lap.lapNumber}`} checked={!hidden.has(key)} onChange={() => onToggleHidden(key)} color={lap.color} />
                <Chip size="xs" checked={pickedLap === key} onChange={() => onPickLap(pickedLap === key ? null : key)} color={lap.color} data-lap-key={key} styles={{ label: { borderColor: lap.color } }}>
                  {lap.lapNumber}
                </Chip>
              </Group>
            );
          })}
        </Group>
      )}
    </Paper>
  );
}
