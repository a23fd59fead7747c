/** The root route: the app layout around every page, Not Found for unknown paths. */
import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router';
import { AppLayout } from '../app/layout/app-layout';
import { NotFoundPage } from '../features/public/status-pages';
import '../app/layout/route-meta';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundPage,
});
