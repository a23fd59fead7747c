/**
 * 'Keep this circuit's map for offline': on the racer's request only, the tiles around one circuit (a bounded set,
 * offline-tiles.ts) are fetched two at a time into the kept-tiles cache that the service worker serves the map
 * from when there is no signal at the track; progress and cancel while it runs.
 */
import { Button, Group, Progress, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepTiles, type KeepProgress } from './keep-tiles';
import { fetchTileUrl, tileSettings } from './map-config';
import { boxOf, circuitTileSet, MAX_KEPT_TILES, tileUrl } from './offline-tiles';
import type { TrackMapProps } from './types';

type State = { kind: 'idle' } | { kind: 'keeping'; progress: KeepProgress } | { kind: 'kept'; progress: KeepProgress } | { kind: 'failed' } | { kind: 'cancelled' };

export function KeepOfflineButton({ outline }: { outline: TrackMapProps['outline'] }) {
  const { t } = useTranslation('app');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const tiles = useMemo(() => {
    const box = outline ? boxOf(outline.lat, outline.lon, outline.from, outline.to) : null;
    return box ? circuitTileSet(box) : [];
  }, [outline]);
  if (tiles.length === 0) return null;

  const keep = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setState({ kind: 'keeping', progress: { done: 0, total: tiles.length, failed: 0 } });
    try {
      const template = (await fetchTileUrl()) ?? tileSettings().url;
      const progress = await keepTiles(
        tiles.map((tile) => tileUrl(template, tile)),
        { signal: controller.signal, onProgress: (p) => setState({ kind: 'keeping', progress: p }) },
      );
      setState(progress.failed === progress.total ? { kind: 'failed' } : { kind: 'kept', progress });
    } catch {
      setState(controller.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed' });
    } finally {
      abort.current = null;
    }
  };

  return (
    <div data-testid="keep-offline" data-state={state.kind}>
      <Group gap="xs" wrap="wrap">
        {state.kind === 'keeping' ? (
          <>
            <Progress value={(100 * state.progress.done) / state.progress.total} w={160} size="sm" aria-label={t('mapControls.keeping', { done: state.progress.done, total: state.progress.total })} />
            <Text size="xs" role="status">
              {t('mapControls.keeping', { done: state.progress.done, total: state.progress.total })}
            </Text>
            <Button size="compact-xs" variant="subtle" color="gray" onClick={() => abort.current?.abort()}>
              {t('mapControls.cancelKeep')}
            </Button>
          </>
        ) : (
          <Button size="compact-xs" variant="light" onClick={() => void keep()}>
            {t('mapControls.keep')}
          </Button>
        )}
        {state.kind === 'kept' && (
          <Text size="xs" role="status" data-testid="keep-offline-done">
            {t('mapControls.kept', { count: state.progress.total - state.progress.failed })}
          </Text>
        )}
        {state.kind === 'failed' && (
          <Text size="xs" role="alert" c="red">
            {t('mapControls.keepFailed')}
          </Text>
        )}
        {state.kind === 'cancelled' && (
          <Text size="xs" role="status">
            {t('mapControls.keepCancelled')}
          </Text>
        )}
      </Group>
      <Text size="xs" c="dimmed" mt={2}>
        {t('mapControls.keepHelp', { count: tiles.length, max: MAX_KEPT_TILES })}
      </Text>
    </div>
  );
}
