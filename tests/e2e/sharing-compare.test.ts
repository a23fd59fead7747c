import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startE2E, unexpectedErrors, type Credentials, type E2E } from './harness';
import { lapsText, sessionPayload, trackText } from '../helpers/session-fixtures';
import { racerCalls, shotsInBothLanguages } from './racer-calls';

/**
 * Browser end-to-end of sharing: two racers and a coach in one team. Ana shares a session with her team from the
 * library and sets her default; Rui shares a session with everyone; from the leaderboard Ana compares her best
 * with Rui's lap (the lap viewer takes it as the reference, the coach says 'vs Rui E.'), reuses it offline, and
 * loses it at the next sync once Rui makes his sessions private. Rui accepts Ana's invitation in the app and sees
 * her team session in the Team view, read-only, until he leaves; a used mail link says so, a new one works once. Screenshots at 1280x800 and 390x844 in both
 * languages of the sharing choice, the compared lap and the Team view.
 */
let e2e: E2E;
let circuit: { id: number; name: string; coordinates: string };
let ana: Credentials;
let rui: Credentials;
let cora: Credentials;
let api: ReturnType<typeof racerCalls>;
let teamId = 0;
let anaSession = 0;
let ruiSession = 0;

async function upload(who: Credentials, lapTimes: number[], minute: number): Promise<number> {
  const body = sessionPayload({
    filename: `20260510_10${String(minute).padStart(2, '0')}_${circuit.name}`,
    name: `${circuit.name} ${who.firstName}`,
    laps: lapsText(lapTimes),
    // Fixes round a 1 km ring through the circuit's start/finish, one lap every 61 s: the laps rank.
    coordinates: trackText(circuit.coordinates, 61_000, lapTimes.length),
    circuitId: circuit.id,
    date: '2026-05-10T10:00:00.000Z',
  });
  return (await api<{ id: number }>('/sessions', { method: 'POST', as: who, body: JSON.stringify(body) })).id;
}

/** Kept reference laps in this browser's IndexedDB. */
const keptLaps = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('astro-companion');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('sharedLaps').objectStore('sharedLaps').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );

beforeAll(async () => {
  // Its own server: leaderboards and shared laps count every racer's sessions.
  e2e = await startE2E({ ownServer: true });
  api = racerCalls(e2e);
  circuit = (await api<Array<{ id: number; name: string; coordinates: string }>>('/circuits'))[0];
  ana = await e2e.signUpAndVerify(undefined, undefined, 'Ana');
  rui = await e2e.signUpAndVerify(undefined, undefined, 'Rui');
  cora = await e2e.signUpAndVerify(undefined, undefined, 'Cora');
  anaSession = await upload(ana, [62_500, 62_000, 63_000], 1);
  ruiSession = await upload(rui, [61_400, 60_500, 61_200], 2);
  await api(`/sessions/${ruiSession}`, { method: 'PATCH', as: rui, body: JSON.stringify({ visibility: 'public' }) });
  teamId = (await api<{ id: number }>('/teams', { method: 'POST', as: ana, body: JSON.stringify({ name: 'Braga Karting' }) })).id;
  await api(`/teams/${teamId}/invitations`, { method: 'POST', as: ana, body: JSON.stringify({ email: rui.email, role: 'racer' }) });
  await api(`/teams/${teamId}/invitations`, { method: 'POST', as: ana, body: JSON.stringify({ email: cora.email, role: 'coach' }) });
  const [invitation] = (await api<{ invitations: Array<{ id: number }> }>('/team-invitations', { as: cora })).invitations;
  await api(`/team-invitations/${invitation.id}/accept`, { method: 'POST', as: cora, body: '{}' });
}, 180_000);
afterAll(async () => {
  await e2e?.close();
});

describe('sharing and comparing with other racers', () => {
  it("Ana shares a session with her team from the library and sets her default in the profile; the server has both", async () => {
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, ana.email, ana.password);
    await page.goto(e2e.url('/sessions/library'));
    const row = page.locator('tr[data-row-key]').filter({ hasText: `${circuit.name} Ana` });
    await row.waitFor({ timeout: 30_000 });
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByText('Edit Session').waitFor();
    // Stored before sharing existed or uploaded with the default: private.
    await expect.poll(() => page.getByRole('radio', { name: 'Only me' }).isChecked()).toBe(true);
    await page.getByText('My team', { exact: true }).click();
    expect(await page.getByTestId('session-visibility-hint').textContent()).toBe('Your teams see it whole, read-only; nobody else.');
    await shotsInBothLanguages(e2e, page, 'sharing-choice', async () => {
      const r = page.locator('tr[data-row-key]').filter({ hasText: `${circuit.name} Ana` });
      await r.waitFor({ timeout: 30_000 });
      await r.getByRole('button', { name: /^(Edit|Editar)$/ }).click();
      await page.getByTestId('session-visibility').waitFor();
      await page.getByTestId('session-visibility').getByText(/^(My team|A minha equipa)$/).click();
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await api<{ visibility: string }>(`/sessions/${anaSession}`, { as: ana })).visibility, { timeout: 20_000 }).toBe('team');
    await expect.poll(() => row.getByTestId(/^visibility-/).textContent(), { timeout: 10_000 }).toBe('Team');

    await page.goto(e2e.url('/profile'));
    await page.getByTestId('sharing-panel').getByText('Everyone', { exact: true }).click();
    await expect.poll(async () => (await api<{ defaultVisibility: string }>('/sharing/settings', { as: ana })).defaultVisibility, { timeout: 20_000 }).toBe('public');
    await page.getByTestId('sharing-panel').getByText('Only me', { exact: true }).click();
    await expect.poll(async () => (await api<{ defaultVisibility: string }>('/sharing/settings', { as: ana })).defaultVisibility, { timeout: 20_000 }).toBe('private');
    expect(unexpectedErrors(errors)).toEqual([]);
  }, 300_000);

  it("compares Ana's best with Rui's public lap from the leaderboard, reuses it offline, and drops it once Rui withdraws it", async () => {
    const { page, context, errors } = await e2e.newPage();
    await e2e.login(page, ana.email, ana.password);
    await page.goto(e2e.url('/leaderboards'));
    await page.getByTestId('leaderboard-hint').waitFor();
    await page.getByLabel('Circuit', { exact: true }).first().click();
    await page.getByRole('option', { name: circuit.name, exact: true }).click();
    await page.getByTestId('show-leaderboard').click();
    const table = page.getByTestId('leaderboard-table');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 20_000 }).toBe(2);
    // Rui's lap is shared with everyone: comparable; Ana's own row is not offered.
    expect(await table.locator('tbody tr').filter({ hasText: 'Ana E.' }).getByRole('button').count()).toBe(0);
    await page.getByTestId(`compare-${ruiSession}`).click();
    await page.waitForURL(/\/sessions\/analysis/);
    const badge = page.getByTestId('shared-reference');
    await expect.poll(() => badge.textContent(), { timeout: 60_000 }).toContain('Reference: Rui E. · 01:00.50 · 2026-05-10');
    // Ana's best session is the active one; the reference list and the coach name Rui.
    await page.getByTestId('lap-table-L').waitFor();
    expect(await page.getByTestId('reference-lap').inputValue()).toBe('Rui E. · 01:00.50');
    await expect.poll(() => page.getByTestId('coach-panel').textContent(), { timeout: 60_000 }).toMatch(/vs Rui E\. \(01:00\.50\)/);
    expect(await page.getByTestId('corner-table').textContent()).toContain('Rui E.');
    expect(await keptLaps(page)).toBe(1);
    await shotsInBothLanguages(e2e, page, 'compared-lap', async () => {
      await expect.poll(() => badge.isVisible(), { timeout: 60_000 }).toBe(true);
      await expect.poll(() => page.getByTestId('coach-panel').textContent(), { timeout: 60_000 }).toMatch(/vs Rui E\./);
    });

    // Offline: 'Compare with...' lists the lap kept on this device, and it loads without the network.
    await expect.poll(() => badge.isVisible(), { timeout: 60_000 }).toBe(true);
    await page.getByTestId('shared-reference-remove').click();
    await expect.poll(() => badge.count()).toBe(0);
    await context.setOffline(true);
    await page.getByTestId('shared-laps-open').click();
    await page.getByTestId('shared-laps-offline').waitFor({ timeout: 20_000 });
    const kept = page.getByTestId('shared-lap-row');
    expect(await kept.count()).toBe(1);
    expect(await kept.textContent()).toContain('Rui E.');
    await page.getByTestId(/^shared-lap-pick-/).click();
    await expect.poll(() => badge.textContent(), { timeout: 60_000 }).toContain('Reference: Rui E. · 01:00.50 · 2026-05-10');

    // Rui withdraws his lap; Ana's next sync (back online) drops her kept copy.
    await api('/sessions/private-all', { method: 'POST', as: rui, body: '{}' });
    await context.setOffline(false);
    await expect.poll(() => keptLaps(page), { timeout: 30_000 }).toBe(0);
    await page.getByTestId('shared-reference-remove').click();
    await page.getByTestId('shared-laps-open').click();
    await expect.poll(() => page.getByTestId('shared-laps-empty').textContent(), { timeout: 20_000 }).toBe('No other racer shares a lap on this circuit yet.');
    expect(unexpectedErrors(errors).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
  }, 600_000);

  it("Rui accepts Ana's invitation in the app and sees her team session read-only in the Team view, until he leaves", async () => {
    const { page, errors } = await e2e.newPage();
    await e2e.login(page, rui.email, rui.password);
    await page.goto(e2e.url('/teams'));
    const invitation = page.getByTestId('team-invitation');
    await expect.poll(() => invitation.textContent(), { timeout: 20_000 }).toContain('Ana E. invites you to race in Braga Karting');
    await page.getByTestId(/^team-accept-/).click();
    const session = page.getByTestId('team-session');
    await expect.poll(() => session.count(), { timeout: 20_000 }).toBe(1);
    expect(await session.textContent()).toContain('Ana E.');
    expect(await session.textContent()).toContain('01:02.00');
    const members = await page.getByTestId('team-member').allTextContents();
    expect(members.some((m) => m.includes('Cora E.') && m.includes('Coach'))).toBe(true);
    // Read-only: no edit or delete anywhere in the Team view.
    expect(await page.getByTestId('team-sessions').getByRole('button').count()).toBe(0);
    // The coach sees it too (a coach shares nothing, but sees the team's).
    expect((await api<{ sessions: Array<{ id: number }> }>('/team-sessions', { as: cora })).sessions.map((s) => s.id)).toContain(anaSession);
    await shotsInBothLanguages(e2e, page, 'team-view', async () => {
      await expect.poll(() => page.getByTestId('team-session').count(), { timeout: 20_000 }).toBe(1);
    });
    await page.getByTestId('team-leave').click();
    await expect.poll(() => page.getByTestId('team-session').count(), { timeout: 20_000 }).toBe(0);
    expect((await api<{ sessions: unknown[] }>('/team-sessions', { as: rui })).sessions).toEqual([]);

    // The mail's link: the first invitation's was used up by accepting it in the app; a new one works once.
    const usedLink = await e2e.linkFromMail(rui.email, '/team-invitation', /invitation to a team/);
    await api(`/teams/${teamId}/invitations`, { method: 'POST', as: ana, body: JSON.stringify({ email: rui.email, role: 'racer' }) });
    const freshLink = await e2e.linkFromMail(rui.email, '/team-invitation', /invitation to a team/);
    await page.goto(usedLink);
    await expect.poll(() => page.getByTestId('team-invitation-result').textContent(), { timeout: 20_000 }).toMatch(/^This invitation link is not valid any more/);
    await page.goto(freshLink);
    await expect.poll(() => page.getByTestId('team-invitation-result').textContent(), { timeout: 20_000 }).toBe('You joined the team: its shared sessions are in the Team view.');
    await page.goto(e2e.url('/teams'));
    await expect.poll(() => page.getByTestId('team-session').count(), { timeout: 20_000 }).toBe(1);
    expect(unexpectedErrors(errors)).toEqual([]);
  }, 300_000);
});
