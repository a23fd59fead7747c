/**
 * Lazy entry of the track map: OpenLayers (~90 KiB gzip) lands in its own chunk, fetched only when a map is shown.
 * Screens import this file and ./types only.
 */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TrackMapProps } from './types';

const TrackMap = lazy(() => import('./track-map'));

export function LazyTrackMap(props: TrackMapProps) {
  return (
    <Suspense
      fallback={
        <Center h={props.height ?? 480}>
          <Loader size="sm" />
        </Center>
      }
    >
      <TrackMap {...props} />
    </Suspense>
  );
}
