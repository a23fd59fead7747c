/**
 * /teams, the Team view: invitations addressed to the racer (kept on this device once fetched, so they show
 * offline; one accepted offline is sent at the next sync), the racer's teams (create one, invite racers or a coach
 * by e-mail address, remove members, leave, delete), and the sessions team-mates share with the team, read-only.
 * Teams and their sessions are the server's: they need a connection.
 */
import { Alert, Badge, Button, Group, Paper, SegmentedControl, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthView } from '../../app/auth/auth-react';
import { useLapTime } from '../../app/preferences/lap-time-digits';
import type { Team, TeamRole } from '../../contracts/sharing';
import { sharingApi } from '../../data/api/sharing';
import { useLiveQuery } from '../../data/live-query';
import { sharingRepository } from '../../data/services';
import { notifyError, notifySuccess } from '../../ui/toast';

type TeamSessions = Awaited<ReturnType<typeof sharingApi.teamSessions>>;

export function TeamsScreen() {
  const { t } = useTranslation('profile');
  const lapTime = useLapTime();
  const view = useAuthView();
  const userId = view.user?.id ?? null;
  const online = view.status === 'signed-in';
  const invitations = useLiveQuery(() => sharingRepository.invitations(userId), [userId]);
  const [teams, setTeams] = useState<Team[] | null>(null);
  const [sessions, setSessions] = useState<TeamSessions | null>(null);
  const [newTeam, setNewTeam] = useState('');
  const [busy, setBusy] = useState(false);
  const failed = useCallback((e: unknown) => notifyError(t('teams.failed', { message: e instanceof Error ? e.message : String(e) })), [t]);

  const reload = useCallback(async () => {
    if (!online) return;
    try {
      const [list, shared] = await Promise.all([sharingApi.teams(), sharingApi.teamSessions()]);
      setTeams(list);
      setSessions(shared);
      await sharingRepository.refreshInvitations();
    } catch (e) {
      failed(e);
    }
  }, [online, failed]);
  useEffect(() => void reload(), [reload]);

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

  const pending = invitations?.invitations.filter((i) => !invitations.accepted.includes(i.id)) ?? [];
  return (
    <Stack gap="md" maw={960}>
      <Title order={2}>{t('teams.title')}</Title>
      {!online && (
        <Alert color="yellow" variant="light">
          {t('teams.offline')}
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
      {teams && teams.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('teams.none')}
        </Text>
      )}
      <Paper withBorder p="md" radius="md" data-testid="team-sessions">
        <Stack gap="xs">
          <Text fw={600}>{t('teams.sessions')}</Text>
          <Text size="xs" c="dimmed">
            {t('teams.sessionsHelp')}
          </Text>
          {sessions && sessions.length === 0 && <Text size="sm">{t('teams.noSessions')}</Text>}
          {sessions && sessions.length > 0 && (
            <Table.ScrollContainer minWidth={520} type="native">
              <Table fz="sm" striped verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('teams.driver')}</Table.Th>
                    <Table.Th>{t('teams.session')}</Table.Th>
                    <Table.Th>{t('teams.circuit')}</Table.Th>
                    <Table.Th>{t('teams.date')}</Table.Th>
                    <Table.Th>{t('teams.bestLap')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {sessions.map((s) => (
                    <Table.Tr key={s.id} data-testid="team-session">
                      <Table.Td>{s.ownerName}</Table.Td>
                      <Table.Td>{s.name}</Table.Td>
                      <Table.Td>{s.circuit?.name ?? '-'}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.date.slice(0, 10)}</Table.Td>
                      <Table.Td ff="monospace">{s.bestLapMs === null ? '-' : lapTime(s.bestLapMs)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
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
