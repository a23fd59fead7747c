/**
 * /teams, the Team view: invitations addressed to the racer (kept on this device once fetched, so they show
 * offline; one accepted offline is sent at the next sync), the racer's teams (create one, invite racers or a coach
 * by e-mail address, remove members, leave, delete), and the sessions team-mates share with the team, read-only
 * (team-sessions-panel.tsx). Teams and the sessions list are the server's, kept here as last fetched: offline they
 * show as they were, and changing them waits for a connection.
 */
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthView } from '../../app/auth/auth-react';
import { formatDateTime } from '../../app/i18n/format';
import { currentLocale, translateError } from '../../app/i18n/setup';
import type { Team, TeamRole } from '../../contracts/sharing';
import { sharingApi } from '../../data/api/sharing';
import { useLiveQuery } from '../../data/live-query';
import { sharingRepository, teamsRepository } from '../../data/services';
import { notifyError, notifySuccess } from '../../ui/toast';
import { TeamSessionsPanel } from './team-sessions-panel';
// Registers the area's texts before it renders.
import './i18n';

type TeamsView = Awaited<ReturnType<typeof teamsRepository.load>>;

export function TeamsScreen() {
  const { t, i18n } = useTranslation('profile');
  const view = useAuthView();
  const userId = view.user?.id ?? null;
  const signedIn = view.status === 'signed-in';
  const invitations = useLiveQuery(() => sharingRepository.invitations(userId), [userId]);
  const [lists, setLists] = useState<TeamsView | null>(null);
  const [newTeam, setNewTeam] = useState('');
  const [busy, setBusy] = useState(false);
  const failed = useCallback((e: unknown) => notifyError(t('teams.failed', { message: translateError(e) })), [t]);
  // Offline (or the server out of reach): what was fetched last is shown, and nothing can be changed but an acceptance.
  const online = signedIn && lists?.offline !== true;

  const reload = useCallback(async () => {
    try {
      const next = signedIn ? await teamsRepository.load() : await teamsRepository.kept(userId);
      setLists(next);
      if (!next.offline) await sharingRepository.refreshInvitations();
    } catch (e) {
      failed(e);
    }
  }, [signedIn, userId, failed]);
  useEffect(() => void reload(), [reload]);
  // Back online: the lists are fetched again (the sign-in may have stayed 'signed-in' through a short outage).
  useEffect(() => {
    const again = () => void reload();
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [reload]);

  const run = async (action: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await action();
      if (done) notifySuccess(done);
      await reload();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(false);
    }
  };

  const teams = lists?.teams ?? null;
  const pending = invitations?.invitations.filter((i) => !invitations.accepted.includes(i.id)) ?? [];
  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{t('teams.title')}</Title>
      {lists && !online && (
        <Alert color="yellow" variant="light" title={t('teams.offlineTitle')} data-testid="teams-offline">
          {lists.fetchedAt ? t('teams.offline', { when: formatDateTime(lists.fetchedAt, currentLocale(i18n)) }) : t('teams.offlineNever')}
        </Alert>
      )}
      {(pending.length > 0 || (invitations?.accepted.length ?? 0) > 0) && (
        <Paper withBorder p="md" radius="md" data-testid="team-invitations">
          <Stack gap="xs">
            <Text fw={600}>{t('teams.invitations')}</Text>
            {invitations?.accepted.length ? (
              <Text size="xs" c="dimmed" data-testid="team-invitation-queued">
                {t('teams.acceptQueued')}
              </Text>
            ) : null}
            {pending.map((i) => (
              <Group key={i.id} justify="space-between" wrap="wrap" data-testid="team-invitation">
                <Text size="sm">{t(i.role === 'coach' ? 'teams.invitedCoach' : 'teams.invitedRacer', { team: i.teamName, by: i.invitedBy })}</Text>
                <Group gap="xs">
                  <Button size="compact-sm" onClick={() => void run(async () => notifySuccess(t((await sharingRepository.acceptInvitation(i.id)) === 'queued' ? 'teams.acceptQueued' : 'teams.joined', { team: i.teamName })))} loading={busy} data-testid={`team-accept-${i.id}`}>
                    {t('teams.accept')}
                  </Button>
                  <Button size="compact-sm" variant="default" disabled={!online} onClick={() => void run(() => sharingApi.decline(i.id))}>
                    {t('teams.decline')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      <Paper withBorder p="md" radius="md">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (newTeam.trim()) void run(() => sharingApi.createTeam(newTeam.trim()).then(() => setNewTeam('')), t('teams.created', { team: newTeam.trim() }));
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput label={t('teams.newTeam')} value={newTeam} onChange={(e) => setNewTeam(e.currentTarget.value)} maxLength={100} disabled={!online} style={{ flex: 1, minWidth: 200 }} data-testid="team-name" />
            <Button type="submit" disabled={!online || newTeam.trim() === ''} loading={busy} data-testid="team-create">
              {t('teams.create')}
            </Button>
          </Group>
        </form>
      </Paper>
      {teams?.map((team) => (
        <TeamCard key={team.id} team={team} me={userId} online={online} busy={busy} run={run} />
      ))}
      {teams && teams.length === 0 && lists?.fetchedAt && (
        <Text c="dimmed" size="sm">
          {t('teams.none')}
        </Text>
      )}
      <TeamSessionsPanel sessions={lists?.sessions ?? null} teams={teams ?? []} />
    </Stack>
  );
}

function TeamCard({ team, me, online, busy, run }: { team: Team; me: number | null; online: boolean; busy: boolean; run: (action: () => Promise<unknown>, done?: string) => Promise<void> }) {
  const { t } = useTranslation('profile');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('racer');
  return (
    <Paper withBorder p="md" radius="md" data-testid="team">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Text fw={600}>{team.name}</Text>
          {team.mine ? (
            <Button size="compact-sm" variant="default" color="red" disabled={!online} loading={busy} onClick={() => void run(() => sharingApi.deleteTeam(team.id), t('teams.deleted', { team: team.name }))}>
              {t('teams.delete')}
            </Button>
          ) : (
            <Button size="compact-sm" variant="default" disabled={!online} loading={busy} onClick={() => void run(() => sharingApi.leave(team.id), t('teams.left', { team: team.name }))} data-testid="team-leave">
              {t('teams.leave')}
            </Button>
          )}
        </Group>
        {team.members.map((m) => (
          <Group key={m.userId} justify="space-between" wrap="nowrap" data-testid="team-member">
            <Group gap="xs">
              <Text size="sm">{m.name}</Text>
              <Badge size="xs" variant="light" color={m.role === 'coach' ? 'grape' : 'blue'}>
                {t(`teams.roles.${m.role}`)}
              </Badge>
              {m.userId === team.ownerId && (
                <Badge size="xs" variant="outline" color="gray">
                  {t('teams.owner')}
                </Badge>
              )}
            </Group>
            {team.mine && m.userId !== me && (
              <Button size="compact-xs" variant="subtle" color="red" disabled={!online} onClick={() => void run(() => sharingApi.removeMember(team.id, m.userId), t('teams.removed', { name: m.name }))}>
                {t('teams.remove')}
              </Button>
            )}
          </Group>
        ))}
        {team.pending.map((p) => (
          <Text key={p.id} size="xs" c="dimmed">
            {t('teams.pending', { email: p.email, role: t(`teams.roles.${p.role}`) })}
          </Text>
        ))}
        {team.mine && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (email.trim()) void run(() => sharingApi.invite(team.id, email.trim(), role).then(() => setEmail('')), t('teams.invited', { email: email.trim() }));
            }}
          >
            <Group align="flex-end" wrap="wrap">
              <TextInput type="email" label={t('teams.inviteEmail')} value={email} onChange={(e) => setEmail(e.currentTarget.value)} disabled={!online} style={{ flex: 1, minWidth: 200 }} data-testid="team-invite-email" />
              <SegmentedControl size="sm" data={(['racer', 'coach'] as const).map((r) => ({ value: r, label: t(`teams.roles.${r}`) }))} value={role} onChange={(v) => setRole(v as TeamRole)} disabled={!online} data-testid="team-invite-role" />
              <Button type="submit" disabled={!online || email.trim() === ''} loading={busy} data-testid="team-invite">
                {t('teams.invite')}
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
