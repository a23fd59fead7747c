/** The page frame: header, side menu (a drawer below the `sm` breakpoint), content. */
import { AppShell, Box, Divider } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useLayoutEffect } from 'react';
import { dropPrerenderedStyles, forgetPrerenderedMenu, prerenderedMenuOpened } from '../prerender/handoff';
import { isSignedIn } from '../auth/auth-port';
import { useAuthView } from '../auth/auth-react';
import { HeaderBar } from './header-bar';
import { LocaleSelect } from './locale-select';
import { NavMenu } from './nav-menu';
import { shellOverlays } from './deferred';

/** The 'New version available' prompt, loaded with the shell's overlays (deferred.ts). */
function DeferredUpdatePrompt() {
  const overlays = shellOverlays.use();
  return overlays ? <overlays.UpdatePrompt /> : null;
}

export function AppLayout() {
  const [opened, disclosure] = useDisclosure(prerenderedMenuOpened());
  // A tap on the prerendered page's menu button before the app rendered (theme-init.js) is not lost.
  const { open } = disclosure;
  useLayoutEffect(() => {
    dropPrerenderedStyles();
    if (prerenderedMenuOpened()) open();
  }, [open]);
  const toggle = () => {
    forgetPrerenderedMenu();
    disclosure.toggle();
  };
  const close = () => {
    forgetPrerenderedMenu();
    disclosure.close();
  };
  // Signed out, the header has the language select from sm up: the menu shows its own only in the drawer below.
  const signedIn = isSignedIn(useAuthView());
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <HeaderBar menuOpened={opened} onToggleMenu={toggle} />
      </AppShell.Header>
      <AppShell.Navbar p="sm">
        <AppShell.Section grow>
          <NavMenu onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section>
          <Box hiddenFrom={signedIn ? undefined : 'sm'}>
            <Divider my="sm" />
            <LocaleSelect size="sm" testId="menu-locale-select" />
          </Box>
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
      <DeferredUpdatePrompt />
    </AppShell>
  );
}
