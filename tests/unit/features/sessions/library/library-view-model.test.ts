// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { LibraryRow } from '../../../../../src/features/sessions/shared';
import { circuitZones, libraryTableRows, sharingBadgeOf, slotStyle, syncColorOf, syncTooltipOf, tapOpensRow, zoneOfRow } from '../../../../../src/features/sessions/library/library-view-model';
import { libraryRow } from '../shared/fake-sessions-port';

/** The shared library row (fake-sessions-port.ts) with this file's own values. */
const row = (over: Partial<LibraryRow> = {}): LibraryRow =>
  libraryRow({ id: 1, serverId: 9, name: 'Braga', filename: 'f', circuitId: 2, vehicleCategoryId: 3, vehicleCategoryName: 'Karts', date: '2026-05-01T09:00:00.000Z', ...over });

describe("the library's model", () => {
  it("shows a session's start on its own zone, else its circuit country's", () => {
    const zones = circuitZones([{ id: 2, country: { timezone: 'Europe/Lisbon' } }, { id: 4, country: null }]);
    expect(zoneOfRow(zones, { circuitId: 2, timeZone: 'Asia/Tokyo' })).toBe('Asia/Tokyo');
    expect(zoneOfRow(zones, { circuitId: 2, timeZone: null })).toBe('Europe/Lisbon');
    expect(zoneOfRow(zones, { circuitId: null })).toBeUndefined();
    expect(circuitZones(undefined).size).toBe(0);
  });

  it("gives the table the category in the reader's language and the start on the track's clock", () => {
    const [shown] = libraryTableRows([row()], () => 'Asia/Tokyo', () => 'Karts (pt)');
    expect(shown).toMatchObject({ id: 1, vehicleCategoryName: 'Karts (pt)', trackDate: '2026-05-01T18:00:00' });
  });

  it('badges a shared session only, and colours and explains the upload state', () => {
    expect(sharingBadgeOf('public')).toEqual({ key: 'sharing.public', color: 'teal' });
    expect(sharingBadgeOf('team')).toEqual({ key: 'sharing.team', color: 'violet' });
    expect(sharingBadgeOf('private')).toBeNull();
    expect(sharingBadgeOf(undefined)).toBeNull();
    expect(syncColorOf('Failed')).toBe('red');
    expect(syncTooltipOf({ lastError: { text: 'Server said no' }, serverId: 9, syncState: 'Failed' })).toEqual({ kind: 'error', message: { text: 'Server said no' } });
    expect(syncTooltipOf({ lastError: null, serverId: null, syncState: 'Pending' })).toEqual({ kind: 'text', key: 'sync.local' });
    expect(syncTooltipOf({ lastError: null, serverId: 9, syncState: 'Completed' })).toEqual({ kind: 'text', key: 'sync.Completed' });
  });

  it("marks a compared row with its side's colour", () => {
    expect(slotStyle(null)).toEqual({ cursor: 'pointer' });
    expect(slotStyle('right').boxShadow).toContain('grape');
  });

  it('opens a row on a tap on its text, not on a control nor in the actions cell', () => {
    document.body.innerHTML = '<table><tr><td id="actions"><span id="gap"></span></td><td><span id="text">x</span><button id="btn"><i id="icon"></i></button></td></tr></table>';
    expect(tapOpensRow(document.getElementById('text'))).toBe(true);
    expect(tapOpensRow(document.getElementById('icon'))).toBe(false);
    expect(tapOpensRow(document.getElementById('gap'))).toBe(false);
    expect(tapOpensRow(null)).toBe(false);
  });
});
