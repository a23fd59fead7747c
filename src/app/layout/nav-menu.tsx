/** The side menu: entries built from route metadata (menu-model.ts) for the current viewer. */
import { NavLink, Stack } from '@mantine/core';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthView } from '../auth/auth-react';
import { viewerOf } from '../auth/auth-port';
import { Icon } from './icons';
import { buildMenu, routeNodes, type MenuItem, type RouterLike } from './menu-model';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

function Entry({ item, pathname, onNavigate }: { item: MenuItem; pathname: string; onNavigate: () => void }) {
  const { t } = useTranslation();
  const icon = item.icon ? <Icon name={item.icon} /> : undefined;
  if (item.children.length > 0) {
    return (
      <NavLink label={t(item.labelKey)} leftSection={icon} defaultOpened active={false} childrenOffset="md" data-menu={item.to}>
        {item.children.map((c) => (
          <Entry key={c.to} item={c} pathname={pathname} onNavigate={onNavigate} />
        ))}
      </NavLink>
    );
  }
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(item.labelKey)}
      leftSection={icon}
      active={isActive(pathname, item.to)}
      onClick={onNavigate}
      data-menu={item.to}
    />
  );
}

export function NavMenu({ onNavigate }: { onNavigate: () => void }) {
  const router = useRouter();
  const view = useAuthView();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const { t } = useTranslation('app');
  const viewer = viewerOf(view);
  const items = useMemo(() => buildMenu(routeNodes(router as unknown as RouterLike), viewer), [router, viewer]);
  return (
    <Stack component="nav" gap={2} aria-label={t('menu.navigation')} data-testid="main-menu">
      {items.map((item) => (
        <Entry key={item.to} item={item} pathname={pathname} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}
