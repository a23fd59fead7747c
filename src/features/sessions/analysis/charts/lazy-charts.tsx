/** Lazy entry of the session charts: ECharts lands in its own chunk, fetched when the lap viewer shows charts. */
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { SessionChartsProps } from './chart-types';

const SessionCharts = lazy(() => import('./session-charts'));

export function LazySessionCharts(props: SessionChartsProps) {
  return (
    <Suspense
      fallback={
        <Center h={280}>
          <Loader size="sm" />
        </Center>
      }
    >
      <SessionCharts {...props} />
    </Suspense>
  );
}
