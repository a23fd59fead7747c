/**
 * Builds the navigation menu from route metadata: only routes with a `menu` entry, not hidden, and
 * whose effective access the viewer has; children nested under their parent entry and sorted by `order`.
 * Pure: the input is a flat list of routes (id, full path, parent id, staticData), so it is tested without a
 * router; `routeNodes` adapts a TanStack router to that list.
 */
import { stricter, type MenuIconName, type RouteAccess, type RouteMeta } from './route-meta';

export interface RouteNode {
  id: string;
  fullPath: string;
  parentId?: string;
  meta: RouteMeta | undefined;
}

export type Viewer = 'anonymous' | 'user' | 'admin';

export interface MenuItem {
  /** Full path to link to, e.g. '/sessions/library'. */
  to: string;
  labelKey: string;
  icon?: MenuIconName;
  order: number;
  children: MenuItem[];
}

/**
 * True when a viewer may open a route of the given access.
 * @internal Exported for its tests.
 */
export function canAccess(viewer: Viewer, access: RouteAccess): boolean {
  if (access === 'public') return true;
  if (access === 'auth') return viewer !== 'anonymous';
  return viewer === 'admin';
}

/**
 * Access of a route after inheriting its ancestors' (strictest wins).
 * @internal Exported for its tests.
 */
export function effectiveAccess(node: RouteNode, byId: ReadonlyMap<string, RouteNode>): RouteAccess {
  let access: RouteAccess = node.meta?.access ?? 'public';
  const seen = new Set<string>([node.id]);
  let parent = node.parentId ? byId.get(node.parentId) : undefined;
  while (parent && !seen.has(parent.id)) {
    seen.add(parent.id);
    access = stricter(access, parent.meta?.access);
    parent = parent.parentId ? byId.get(parent.parentId) : undefined;
  }
  return access;
}

/** Normalises '/sessions/' and '/sessions' to the same key. */
function normPath(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

export function buildMenu(routes: readonly RouteNode[], viewer: Viewer): MenuItem[] {
  const byId = new Map(routes.map((r) => [r.id, r]));
  const items = new Map<string, { item: MenuItem; node: RouteNode }>();
  for (const node of routes) {
    const menu = node.meta?.menu;
    if (!menu || node.meta?.hidden) continue;
    if (!canAccess(viewer, effectiveAccess(node, byId))) continue;
    const to = normPath(node.fullPath);
    if (items.has(to)) continue; // an index route and its layout share a path: keep the first
    items.set(to, { item: { to, labelKey: menu.labelKey, icon: menu.icon, order: menu.order, children: [] }, node });
  }

  const parentPathOf = (node: RouteNode): string | undefined => {
    const explicit = node.meta?.menu?.parent;
    if (explicit) return normPath(explicit);
    let p = node.parentId ? byId.get(node.parentId) : undefined;
    while (p) {
      if (p.meta?.menu && !p.meta.hidden) return normPath(p.fullPath);
      p = p.parentId ? byId.get(p.parentId) : undefined;
    }
    return undefined;
  };

  const roots: MenuItem[] = [];
  for (const [to, { item, node }] of items) {
    const parentPath = parentPathOf(node);
    const parent = parentPath && parentPath !== to ? items.get(parentPath) : undefined;
    if (parent) parent.item.children.push(item);
    else if (!parentPath || parentPath === to) roots.push(item);
    // A child whose parent the viewer cannot see is not shown either.
  }
  const sort = (list: MenuItem[]) => {
    list.sort((a, b) => a.order - b.order || a.to.localeCompare(b.to));
    for (const i of list) sort(i.children);
  };
  sort(roots);
  return roots;
}

/** The minimal router shape we read: TanStack's `router.routesById`. */
export interface RouterLike {
  routesById: Record<string, { id: string; fullPath: string; parentRoute?: { id: string } | undefined; options: { staticData?: RouteMeta } }>;
}

export function routeNodes(router: RouterLike): RouteNode[] {
  return Object.values(router.routesById).map((r) => ({
    id: r.id,
    fullPath: r.fullPath,
    parentId: r.parentRoute?.id,
    meta: r.options.staticData,
  }));
}
