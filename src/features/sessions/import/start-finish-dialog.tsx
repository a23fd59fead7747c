/**
 * A session imported near no known circuit was timed at a start/finish proposed from its own trace. Here the racer
 * sees that line on the map over the track, drags it elsewhere if it is not the real line, names the track and
 * saves it as their own circuit; the session is then timed again with it. An admin may later promote the circuit
 * to reference data for everyone.
 */
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTrackMap } from '../../../ui/map/lazy-track-map';
import type { GatePoint } from '../../../domain/session-types';
import { notifySuccess } from '../../../ui/toast';
import { errorText } from '../shared';
import { useSessionsPort } from '../shared';
import type { ImportLine } from './use-session-import';
import { circuitNameOfFile, countryOfZone } from './start-finish-confirm';

function columns(trace: Float64Array): {
  lat: Float64Array;
  lon: Float64Array;
} {
  const n = trace.length / 2;
  const lat = new Float64Array(n);
  const lon = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    lat[i] = trace[2 * i];
    lon[i] = trace[2 * i + 1];
  }
  return { lat, lon };
}

export function StartFinishDialog({ line, onClose }: { line: ImportLine | null; onClose: (saved: { circuitName: string; laps: number } | null) => void }) {
  const { t } = useTranslation('sessions');
  // On a phone the dialog takes the screen: the map and the form do not fit a centred box.
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return (
    <Modal opened={line !== null} onClose={() => onClose(null)} title={t('startFinish.title')} size="xl" fullScreen={phone} centered>
      {line && <StartFinishForm key={line.key} line={line} onClose={onClose} />}
    </Modal>
  );
}

function StartFinishForm({ line, onClose }: { line: ImportLine; onClose: (saved: { circuitName: string; laps: number } | null) => void }) {
  const { t } = useTranslation('sessions');
  const port = useSessionsPort();
  const countries = port.useCountries() ?? [];
  const types = port.useCircuitTypes() ?? [];
  const proposal = line.result!.proposal!;
  const track = useMemo(() => columns(proposal.trace), [proposal.trace]);
  const [gate, setGate] = useState<GatePoint>({
    lat: proposal.lat,
    lon: proposal.lon,
  });
  const [name, setName] = useState(circuitNameOfFile(line.fileName));
  const zoneCountry = countryOfZone(countries, proposal.timeZone);
  const [countryId, setCountryId] = useState<string | null>(null);
  const [typeId, setTypeId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const country = countryId ?? (zoneCountry ? String(zoneCountry.id) : null);
  const type = typeId ?? (types[0] ? String(types[0].id) : null);
  const moved = gate.lat !== proposal.lat || gate.lon !== proposal.lon;

  const save = async () => {
    if (!country || !type || name.trim() === '' || !line.file) return;
    setBusy(true);
    setError(null);
    try {
      const saved = await port.saveStartFinish(line.result!.id, line.file, {
        name: name.trim(),
        countryId: Number(country),
        typeId: Number(type),
        gate,
        widthM: proposal.widthM,
      });
      notifySuccess(
        t('startFinish.saved', {
          circuit: saved.circuitName,
          laps: saved.laps,
        })
      );
      onClose(saved);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="start-finish-dialog">
      <Text size="sm">{t('startFinish.explain')}</Text>
      <LazyTrackMap
        traces={[{ id: 'track', lat: track.lat, lon: track.lon, color: '#1c7ed6' }]}
        gates={[gate]}
        gateWidthM={proposal.widthM}
        gateLabels={['S/F']}
        showLabels
        gateMode="edit"
        snapToTraces
        onGatesChange={(gates) => gates[0] && setGate(gates[0])}
        fitKey={line.key}
        height={240}
        aria-label={t('startFinish.map')}
      />
      <Text size="xs" c="dimmed" data-testid="start-finish-position">
        {t('startFinish.position', {
          lat: gate.lat.toFixed(6),
          lon: gate.lon.toFixed(6),
        })}
        {moved ? ` · ${t('startFinish.moved')}` : ''}
      </Text>
      <TextInput
        label={t('startFinish.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        required
        maxLength={120}
        data-testid="start-finish-name"
      />
      <Group grow align="flex-start">
        <Select
          label={t('startFinish.country')}
          data={countries.map((c) => ({ value: String(c.id), label: c.name }))}
          value={country}
          onChange={setCountryId}
          searchable
          required
          data-testid="start-finish-country"
        />
        <Select
          label={t('startFinish.type')}
          data={types.map((c) => ({ value: String(c.id), label: c.name }))}
          value={type}
          onChange={setTypeId}
          required
          data-testid="start-finish-type"
        />
      </Group>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onClose(null)} disabled={busy}>
          {t('startFinish.cancel')}
        </Button>
        <Button onClick={() => void save()} loading={busy} disabled={!country || !type || name.trim() === ''} data-testid="start-finish-save">
          {t('startFinish.save')}
        </Button>
      </Group>
    </Stack>
  );
}
