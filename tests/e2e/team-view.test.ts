import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { controlledByServiceWorker, startE2E, unexpectedErrors, untilStill, type Credentials, type E2E } from './harness';
import { lapsText, sessionPayload, trackText } from '../helpers/session-fixtures';
import { racerCalls, shotsInBothLanguages } from './racer-calls';
import { seriousViolations } from '../helpers/axe';

/**
 * Browser end-to-end of the Team view: Ana shares a session with her team; Rui, a member, filters the Team view,
 * opens her session in the lap viewer (laps, the coach, her name, nothing to change), keeps the Team view and an
 * invitation fetched online for offline (accepting it offline, sent once back online), and after Ana removes him his
 * open fails saying why. Screenshots of the Team view and the opened team session at 1280x800 and 390x844 in both
 * languages, and of the Team view offline; no serious axe violation on either screen in either theme.
 */
let e2e: E2E;
let circuit: { id: number; name: string; coordinates: string };
let ana: Credentials;
let rui: Credentials;
let api: ReturnType<typeof racerCalls>;
let teamId = 0;
let secondTeamId = 0;
let anaSession = 0;

/** Serious or critical axe violations in the light and the dark theme (the page reloaded in each). */
async function violations(page: Page, label: string, ready: () => Promise<void>): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    await ready();
    await untilStill(page);
    found.push(...(await seriousViolations(page, `[${theme}] ${label}`)));
  }
  return found;
}

beforeAll(async () => {
  e2e = await startE2E({ serviceWorker: true });
  api = racerCalls(e2e);
  circuit = (await api<Array<{ id: number; name: string; coordinates: string }>>('/circuits'))[0];
  ana = await e2e.signUpAndVerify(undefined, undefined, 'Ana');
  rui = await e2e.signUpAndVerify(undefined, undefined, 'Rui');
  const laps = [62_500, 62_000, 63_000];
  const body = sessionPayload({
    filename: `20260510_1001_${circuit.name}`,
    name: `${circuit.name} Ana`,
    laps: lapsText(laps),
    coordinates: trackText(circuit.coordinates, 61_000, laps.length),
    circuitId: circuit.id,
    date: '2026-05-10T10:00:00.000Z',
  });
  anaSession = (await api<{ id: number }>('/sessions', { method: 'POST', as: ana, body: JSON.stringify(body) })).id;
  await api(`/sessions/${anaSession}`, { method: 'PATCH', as: ana, body: JSON.stringify({ visibility: 'team' }) });
  teamId = (await api<{ id: number }>('/teams', { method: 'POST', as: ana, body: JSON.stringify({ name: 'Braga Karting' }) })).id;
  secondTeamId = (await api<{ id: number }>('/teams', { method: 'POST', as: ana, body: JSON.stringify({ name: 'Porto Endurance' }) })).id;
  await api(`/teams/${teamId}/invitations`, { method: 'POST', as: ana, body: JSON.stringify({ email: rui.email, role: 'racer' }) });
  const [invitation] = (await api<{ invitations: Array<{ id: number }> }>('/team-invitations', { as: rui })).invitations;
  await api(`/team-invitations/${invitation.id}/accept`, { method: 'POST', as: rui, body: '{}' });
  await api(`/teams/${secondTeamId}/invitations`, { method: 'POST', as: ana, body: JSON.stringify({ email: rui.email, role: 'racer' }) });
}, 180_000);
afterAll(async () => {
  await e2e?.close();
});

describe('the Team view', () => {
  it("Rui opens Ana's team session read-only in the lap viewer, sees the Team view offline, and loses the session once removed", async () => {
    const { page, context, errors } = await e2e.newPage();
    await e2e.login(page, rui.email, rui.password);
    await page.goto(e2e.url('/teams'));
    const row = page.getByTestId('team-session');
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain('Ana E.');
    expect(await row.textContent()).toContain('01:02.00');
    // The filters: by racer and by team keep her session; the invitation to the second team waits.
    await page.getByTestId('team-filter-racer').click();
    await page.getByRole('option', { name: 'Ana E.', exact: true }).click();
    expect(await row.count()).toBe(1);
    await page.getByTestId('team-filter-team').click();
    await page.getByRole('option', { name: 'Braga Karting', exact: true }).click();
    expect(await row.count()).toBe(1);
    await expect.poll(() => page.getByTestId('team-invitation').textContent(), { timeout: 20_000 }).toContain('Ana E. invites you to race in Porto Endurance');
    await shotsInBothLanguages(e2e, page, 'team-view-filters', async () => {
      await expect.poll(() => page.getByTestId('team-session').count(), { timeout: 20_000 }).toBe(1);
      await page.getByTestId('team-invitation').waitFor();
    });

    expect(await violations(page, 'Team view', () => page.getByTestId('team-session').waitFor({ timeout: 20_000 }))).toEqual([]);

    // Opened in the lap viewer: her laps, the coach, her name; nothing to edit, re-time, film or compare.
    await page.getByTestId(`team-session-open-${anaSession}`).click();
    await page.waitForURL(/\/sessions\/analysis\?team=/);
    const banner = page.getByTestId('team-session-banner');
    await expect.poll(() => banner.textContent(), { timeout: 60_000 }).toContain(`Ana E. · ${circuit.name} Ana`);
    expect(await banner.textContent()).toContain('Shared with your team: read-only.');
    const laps = page.getByTestId('lap-table-L');
    await laps.waitFor();
    expect(await laps.textContent()).toContain('01:02.00');
    await expect.poll(() => page.getByTestId('coach-panel').isVisible(), { timeout: 60_000 }).toBe(true);
    for (const id of ['video-add', 'shared-laps-open', 'draw-sectors-L', 'draw-start-finish']) expect(await page.getByTestId(id).count(), id).toBe(0);
    expect(await page.getByRole('button', { name: /edit|delete|rename/i }).count()).toBe(0);
    await shotsInBothLanguages(e2e, page, 'team-session-read-only', async () => {
      await page.getByTestId('team-session-banner').waitFor({ timeout: 60_000 });
      await page.getByTestId('lap-table-L').waitFor();
      await expect.poll(() => page.getByTestId('coach-panel').isVisible(), { timeout: 60_000 }).toBe(true);
    });
    expect(await violations(page, 'team session', () => page.getByTestId('coach-panel').waitFor({ timeout: 60_000 }))).toEqual([]);
    // Her session stays hers: nothing of it was added to Rui's library.
    expect((await api<Array<{ id: number }>>('/sessions', { as: rui })).length).toBe(0);

    // Offline: the Team view shows what was fetched, says changes need a connection; the invitation can still be
    // accepted and is sent once back online. Opening her session says it needs a connection.
    await page.getByTestId('team-session-back').click();
    await page.waitForURL(/\/teams/);
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await controlledByServiceWorker(page);
    await context.setOffline(true);
    await page.reload().catch(() => undefined);
    const offline = page.getByTestId('teams-offline');
    await expect.poll(() => offline.textContent(), { timeout: 30_000 }).toContain('Offline: needs a connection to change');
    expect(await row.count()).toBe(1);
    expect(await page.getByTestId('team-create').isDisabled()).toBe(true);
    expect(await page.getByTestId('team-leave').first().isDisabled()).toBe(true);
    await e2e.screenshot(page, 'team-view-offline-en-us-1280');
    await page.evaluate(() => localStorage.setItem('locale', 'pt-pt'));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload().catch(() => undefined);
    await expect.poll(() => offline.textContent(), { timeout: 30_000 }).toContain('Sem ligação: alterar precisa de ligação');
    await untilStill(page);
    await e2e.screenshot(page, 'team-view-offline-pt-pt-390');
    await page.evaluate(() => localStorage.setItem('locale', 'en-us'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.reload().catch(() => undefined);
    await offline.waitFor({ timeout: 30_000 });
    await page.getByTestId(`team-session-open-${anaSession}`).click();
    await expect.poll(() => page.getByTestId('team-session-unavailable').textContent(), { timeout: 30_000 }).toContain('No connection');
    await page.getByTestId('team-session-back').click();
    await page.getByTestId(/^team-accept-/).click();
    await page.getByTestId('team-invitation-queued').waitFor({ timeout: 20_000 });
    await context.setOffline(false);
    await expect
      .poll(async () => (await api<{ teams: Array<{ id: number }> }>('/teams', { as: rui })).teams.map((t) => t.id).sort(), { timeout: 60_000 })
      .toEqual([teamId, secondTeamId].sort());

    // Removed by Ana from both her teams: his next open fails at once, saying why.
    const { teams } = await api<{ teams: Array<{ id: number; members: Array<{ userId: number; name: string }> }> }>('/teams', { as: ana });
    const ruiId = teams.find((t) => t.id === teamId)!.members.find((m) => m.name === 'Rui E.')!.userId;
    for (const id of [teamId, secondTeamId]) await api(`/teams/${id}/members/${ruiId}`, { method: 'DELETE', as: ana });
    await page.goto(e2e.url(`/sessions/analysis?team=${anaSession}`));
    const gone = page.getByTestId('team-session-unavailable');
    await expect.poll(() => gone.textContent(), { timeout: 30_000 }).toContain('This session is not shared with you any more');
    expect(await gone.textContent()).toContain('Its owner made it private, or you are no longer in a team with them.');
    expect(await page.getByTestId('lap-table-L').count()).toBe(0);
    expect(unexpectedErrors(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch|404/.test(e))).toEqual([]);
  }, 600_000);
});
