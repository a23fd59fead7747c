/**
 * Route metadata, declared in each file route as TanStack `staticData`, from which the menu is built and
 * access is described:
 *
 *   export const Route = createFileRoute('/_auth/astro')({
 *     staticData: { menu: { labelKey: 'app:menu.astro', icon: 'wifi', order: 10 } },
 *     component: AstroScreen,
 *   });
 *
 * - `access`: 'public' | 'auth' | 'admin'. Optional: a route inherits the strictest access of its ancestors
 *   (`_auth` layout says 'auth', `_auth/_admin` says 'admin'), so routes under those folders need not repeat it.
 * - `menu`: present = the route has a menu entry. `order` sorts siblings. `parent` (the parent entry's full
 *   path, e.g. '/sessions') nests it; without `parent` it nests under the nearest ancestor route with a menu.
 * - `hidden`: true keeps the route out of the menu even if it has `menu`.
 */
export type RouteAccess = 'public' | 'auth' | 'admin';

/** Icons the menu can draw (src/app/layout/icons.tsx). */
export type MenuIconName = 'home' | 'wifi' | 'sessions' | 'library' | 'map' | 'analysis' | 'circuits' | 'leaderboards' | 'teams' | 'about' | 'admin' | 'profile';

interface MenuMeta {
  /** i18next key with namespace, e.g. 'app:menu.circuits'. */
  labelKey: string;
  icon?: MenuIconName;
  order: number;
  parent?: string;
}

export interface RouteMeta {
  menu?: MenuMeta;
  access?: RouteAccess;
  hidden?: boolean;
}

declare module '@tanstack/react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface StaticDataRouteOption extends RouteMeta {}
}

const rank: Record<RouteAccess, number> = { public: 0, auth: 1, admin: 2 };

/** The stricter of two access levels. */
export function stricter(a: RouteAccess, b: RouteAccess | undefined): RouteAccess {
  return b && rank[b] > rank[a] ? b : a;
}
