/**
 * The header: logo link to /, theme toggle, then profile + logout when signed in, or the locale select
 * + Login when not. The burger opens the menu on small screens (tablet portrait, phones).
 */
import { ActionIcon, Badge, Box, Burger, Button, Group, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../ui/toast';
import { translateError } from '../i18n/setup';
import { useAppAuth, useAuthView } from '../auth/auth-react';
import { isSignedIn } from '../auth/auth-port';
import { shellOverlays } from './deferred';
import { Icon } from './icons';
import { LocaleSelect } from './locale-select';
import { useOnline } from './use-online';

/** Mantine's Tooltip once the shell's overlays have loaded (deferred.ts); the bare control before that. */
function HeaderTooltip({ label, children }: { label: string; children: ReactElement }) {
  const overlays = shellOverlays.use();
  return overlays ? <overlays.Tooltip label={label}>{children}</overlays.Tooltip> : children;
}

export function HeaderBar({ menuOpened, onToggleMenu }: { menuOpened: boolean; onToggleMenu: () => void }) {
  const { t } = useTranslation('app');
  const auth = useAppAuth();
  const view = useAuthView();
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const online = useOnline();
  const signedIn = isSignedIn(view);

  const logout = async () => {
    try {
      await auth.logout();
    } catch (e) {
      // A failed logout shows the message and still goes to /login: the user asked to leave.
      notifyError(translateError(e instanceof Error ? e : null));
    }
    await navigate({ to: '/login' });
  };

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="sm" size="sm" aria-label={t('header.openMenu')} />
        <Link to="/" aria-label={t('header.home')} style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none', color: 'inherit' }} data-testid="logo-link">
          <img src="/icons/logo.svg" alt="" width={32} height={32} style={{ flexShrink: 0 }} />
          <Text fw={700} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
            {t('appName')}
          </Text>
        </Link>
        {!online && (
          <Badge color="gray" variant="light" leftSection={<Icon name="offline" size={12} />} data-testid="offline-badge">
            {t('header.offline')}
          </Badge>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <HeaderTooltip label={t('header.toggleTheme')}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('header.toggleTheme')}
            onClick={() => setColorScheme(scheme === 'dark' ? 'light' : 'dark')}
            data-testid="theme-toggle"
          >
            {/* Both icons, shown by the colour scheme in CSS: right from the first (prerendered) paint. */}
            <Icon name="sun" className="mantine-light-hidden" />
            <Icon name="moon" className="mantine-dark-hidden" />
          </ActionIcon>
        </HeaderTooltip>
        {signedIn ? (
          <>
            <HeaderTooltip label={view.user?.fullName ?? t('header.profile')}>
              <ActionIcon component={Link} to="/profile" variant="default" size="lg" aria-label={t('header.profile')} data-testid="profile-button">
                <Icon name="profile" />
              </ActionIcon>
            </HeaderTooltip>
            <Button variant="default" leftSection={<Icon name="logout" size={16} />} onClick={() => void logout()} data-testid="logout-button">
              <Text span visibleFrom="xs" inherit>
                {t('header.logout')}
              </Text>
            </Button>
          </>
        ) : (
          <>
            {/* One language select on screen: here beside the side menu; with the burger's drawer (below sm), in it. */}
            <Box visibleFrom="sm">
              <LocaleSelect />
            </Box>
            {/* Labelled at every width: an icon alone read as an empty button on a phone. */}
            <Button component={Link} to="/login" leftSection={<Icon name="login" size={16} />} data-testid="login-button">
              {t('header.login')}
            </Button>
          </>
        )}
      </Group>
    </Group>
  );
}
