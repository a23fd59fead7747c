import { describe, expect, it } from 'vitest';
import { buildMenu, canAccess, effectiveAccess, type RouteNode } from '../../../src/app/layout/menu-model';

/** A route table shaped like the app's: root, public pages, the _auth and _auth/_admin layouts and their children. */
const routes: RouteNode[] = [
  { id: '__root__', fullPath: '/', meta: undefined },
  { id: '/', fullPath: '/', parentId: '__root__', meta: { access: 'public', hidden: true } },
  { id: '/about', fullPath: '/about', parentId: '__root__', meta: { access: 'public', menu: { labelKey: 'app:menu.about', icon: 'about', order: 90 } } },
  { id: '/login', fullPath: '/login', parentId: '__root__', meta: { access: 'public', hidden: true } },
  { id: '/_auth', fullPath: '', parentId: '__root__', meta: { access: 'auth' } },
  { id: '/_auth/astro', fullPath: '/astro', parentId: '/_auth', meta: { menu: { labelKey: 'app:menu.astro', icon: 'wifi', order: 10 } } },
  { id: '/_auth/sessions', fullPath: '/sessions', parentId: '/_auth', meta: { menu: { labelKey: 'app:menu.sessions', icon: 'sessions', order: 20 } } },
  { id: '/_auth/sessions/map', fullPath: '/sessions/map', parentId: '/_auth/sessions', meta: { menu: { labelKey: 'app:menu.map', order: 2 } } },
  { id: '/_auth/sessions/library', fullPath: '/sessions/library', parentId: '/_auth/sessions', meta: { menu: { labelKey: 'app:menu.library', order: 1 } } },
  // A child declared with an explicit parent instead of by nesting.
  { id: '/_auth/sessions-analysis', fullPath: '/sessions/analysis', parentId: '/_auth', meta: { menu: { labelKey: 'app:menu.analysis', order: 3, parent: '/sessions' } } },
  { id: '/_auth/circuits', fullPath: '/circuits', parentId: '/_auth', meta: { menu: { labelKey: 'app:menu.circuits', order: 30 } } },
  { id: '/_auth/leaderboards', fullPath: '/leaderboards', parentId: '/_auth', meta: { menu: { labelKey: 'app:menu.leaderboards', order: 40 } } },
  { id: '/_auth/profile', fullPath: '/profile', parentId: '/_auth', meta: { hidden: true, menu: { labelKey: 'app:menu.profile', order: 99 } } },
  { id: '/_auth/_admin', fullPath: '', parentId: '/_auth', meta: { access: 'admin' } },
  { id: '/_auth/_admin/admin', fullPath: '/admin', parentId: '/_auth/_admin', meta: { menu: { labelKey: 'app:menu.admin', icon: 'admin', order: 100 } } },
];

const paths = (items: ReturnType<typeof buildMenu>): unknown => items.map((i) => (i.children.length ? { [i.to]: paths(i.children) } : i.to));

describe('the menu built from route metadata', () => {
  it('shows an anonymous visitor only the public visible routes', () => {
    expect(paths(buildMenu(routes, 'anonymous'))).toEqual(['/about']);
  });

  it('shows a racer the signed-in routes in order, with the session pages nested under Sessions, and no Admin', () => {
    expect(paths(buildMenu(routes, 'user'))).toEqual([
      '/astro',
      { '/sessions': ['/sessions/library', '/sessions/map', '/sessions/analysis'] },
      '/circuits',
      '/leaderboards',
      '/about',
    ]);
  });

  it('shows an admin the Admin entry too', () => {
    const menu = buildMenu(routes, 'admin');
    expect(menu.map((i) => i.to)).toEqual(['/astro', '/sessions', '/circuits', '/leaderboards', '/about', '/admin']);
    expect(menu.find((i) => i.to === '/admin')?.icon).toBe('admin');
  });

  it('never lists hidden routes such as the welcome page, login and profile', () => {
    const all = JSON.stringify(paths(buildMenu(routes, 'admin')));
    expect(all).not.toContain('/login');
    expect(all).not.toContain('/profile');
    expect(all).not.toContain('"/"');
  });

  it('keeps the label key and icon given in the route metadata', () => {
    const astro = buildMenu(routes, 'user')[0];
    expect(astro).toMatchObject({ to: '/astro', labelKey: 'app:menu.astro', icon: 'wifi' });
  });

  it('hides a child whose parent the viewer cannot see', () => {
    const withAdminChild: RouteNode[] = [
      ...routes,
      { id: '/_auth/_admin/admin/users', fullPath: '/admin/users', parentId: '/_auth/_admin/admin', meta: { menu: { labelKey: 'x', order: 1 } } },
    ];
    expect(JSON.stringify(paths(buildMenu(withAdminChild, 'user')))).not.toContain('/admin');
    expect(paths(buildMenu(withAdminChild, 'admin'))).toContainEqual({ '/admin': ['/admin/users'] });
  });
});

describe('route access', () => {
  const byId = new Map(routes.map((r) => [r.id, r]));

  it('inherits the strictest access of the ancestors', () => {
    expect(effectiveAccess(byId.get('/_auth/sessions/map')!, byId)).toBe('auth');
    expect(effectiveAccess(byId.get('/_auth/_admin/admin')!, byId)).toBe('admin');
    expect(effectiveAccess(byId.get('/about')!, byId)).toBe('public');
  });

  it('lets each viewer open exactly the levels the spec gives them', () => {
    expect([canAccess('anonymous', 'public'), canAccess('anonymous', 'auth'), canAccess('anonymous', 'admin')]).toEqual([true, false, false]);
    expect([canAccess('user', 'public'), canAccess('user', 'auth'), canAccess('user', 'admin')]).toEqual([true, true, false]);
    expect([canAccess('admin', 'public'), canAccess('admin', 'auth'), canAccess('admin', 'admin')]).toEqual([true, true, true]);
  });
});
