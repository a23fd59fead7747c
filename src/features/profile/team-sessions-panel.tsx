/**
 * The Team view's sessions: what team-mates share with the racer's teams, filtered by team, racer and circuit; a
 * session's name opens it read-only in the lap viewer ('/sessions/analysis?team=<id>').
 */
import { Anchor, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLapTime } from '../../app/preferences/lap-time-digits';
import type { Team, TeamSession } from '../../contracts/sharing';
import { filterTeamSessions, NO_FILTER, teamSessionChoices, type TeamSessionFilter } from './team-sessions-filter';

const idOf = (value: string | null) => (value === null ? null : Number(value));
/** The three filters share a row down to a phone's width (390 px), each at most 220 px wide. */
const FILTER_STYLE = { flex: '1 1 96px', maxWidth: 220 };

export function TeamSessionsPanel({ sessions, teams }: { sessions: readonly TeamSession[] | null; teams: readonly Team[] }) {
  const { t } = useTranslation('profile');
  const lapTime = useLapTime();
  const [filter, setFilter] = useState<TeamSessionFilter>(NO_FILTER);
  const choices = useMemo(() => teamSessionChoices(sessions ?? [], teams), [sessions, teams]);
  const shown = useMemo(() => filterTeamSessions(sessions ?? [], teams, filter), [sessions, teams, filter]);
  const pick = (key: keyof TeamSessionFilter) => (value: string | null) => setFilter((f) => ({ ...f, [key]: idOf(value) }));
  return (
    <Paper withBorder p="md" radius="md" data-testid="team-sessions">
      <Stack gap="xs">
        <Text fw={600}>{t('teams.sessions')}</Text>
        <Text size="xs" c="dimmed">
          {t('teams.sessionsHelp')}
        </Text>
        {sessions && sessions.length === 0 && <Text size="sm">{t('teams.noSessions')}</Text>}
        {sessions && sessions.length > 0 && (
          <>
            <Group gap="xs" wrap="wrap" data-testid="team-session-filters">
              <Select size="xs" clearable label={t('teams.filterTeam')} placeholder={t('teams.all')} data={choices.teams} value={filter.teamId === null ? null : String(filter.teamId)} onChange={pick('teamId')} style={FILTER_STYLE} data-testid="team-filter-team" />
              <Select size="xs" clearable label={t('teams.driver')} placeholder={t('teams.all')} data={choices.racers} value={filter.ownerId === null ? null : String(filter.ownerId)} onChange={pick('ownerId')} style={FILTER_STYLE} data-testid="team-filter-racer" />
              <Select size="xs" clearable label={t('teams.circuit')} placeholder={t('teams.all')} data={choices.circuits} value={filter.circuitId === null ? null : String(filter.circuitId)} onChange={pick('circuitId')} style={FILTER_STYLE} data-testid="team-filter-circuit" />
            </Group>
            {shown.length === 0 && <Text size="sm">{t('teams.noneMatch')}</Text>}
            {shown.length > 0 && (
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
                    {shown.map((s) => (
                      <Table.Tr key={s.id} data-testid="team-session">
                        <Table.Td>{s.ownerName}</Table.Td>
                        <Table.Td>
                          {/* On a striped row: the theme's link colour for tinted backgrounds. */}
                          <Anchor renderRoot={(props) => <Link {...props} to="/sessions/analysis" search={{ team: s.id }} />} size="sm" c="var(--astro-link-on-tint)" title={t('teams.open')} data-testid={`team-session-open-${s.id}`}>
                            {s.name}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{s.circuit?.name ?? '-'}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{s.date.slice(0, 10)}</Table.Td>
                        <Table.Td ff="monospace">{s.bestLapMs === null ? '-' : lapTime(s.bestLapMs)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
