import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { findingSentence } from '../../../../../src/features/sessions/coach/coach-sentences';
import { sessionsI18n } from '../../../../../src/features/sessions/i18n';
import type { CoachFinding } from '../../../../../src/domain/coaching/coach-findings';

async function translator(lng: 'en-us' | 'pt-pt') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, lowerCaseLng: true, resources: { [lng]: { sessions: sessionsI18n[lng] } }, ns: ['sessions'], defaultNS: 'sessions', interpolation: { escapeValue: false } });
  return (key: string, options?: Record<string, unknown>) => i18n.t(key, options) as string;
}

const numberIn = (locale: string) => (value: number, digits: number) => value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });

const finding = (causes: CoachFinding['causes']): CoachFinding => ({ corner: 4, fromM: 1100, toM: 1400, apexM: 1290, timeLostMs: 214, causes });

describe('coach sentences', () => {
  it('says where and by how much the lap lost time, with its causes joined, in English', async () => {
    const t = await translator('en-us');
    const sentence = findingSentence(finding([{ kind: 'brake-earlier', amount: 12.4 }, { kind: 'slower-apex', amount: 6.2 }]), t, numberIn('en-US'));
    expect(sentence).toBe('Turn 4: braking 12 m earlier and 6 km/h slower at the apex cost 0.21 s');
  });

  it('agrees the verb with one or several causes and uses the decimal comma in Portuguese', async () => {
    const t = await translator('pt-pt');
    const one = findingSentence(finding([{ kind: 'throttle-later', amount: 13 }]), t, numberIn('pt-PT'));
    const two = findingSentence(finding([{ kind: 'throttle-later', amount: 13 }, { kind: 'slower-apex', amount: 6 }]), t, numberIn('pt-PT'));
    expect(one).toMatch(/^Curva 4: .* custou 0,21 s$/);
    expect(two).toMatch(/^Curva 4: .* custaram 0,21 s$/);
    expect(`${one} ${two}`).not.toMatch(/coach\./);
  });

  it('still names the turn and the time when no cause stands out', async () => {
    const t = await translator('en-us');
    expect(findingSentence(finding([]), t, numberIn('en-US'))).toBe('Turn 4: 0.21 s lost from braking to the exit');
  });

  it("names the other racer whose shared lap is the reference, 'vs Rui C.', in both languages", async () => {
    const en = await translator('en-us');
    const pt = await translator('pt-pt');
    expect(findingSentence(finding([{ kind: 'brake-earlier', amount: 12.4 }]), en, numberIn('en-US'), 'Rui C.')).toBe('Turn 4: braking 12 m earlier cost 0.21 s vs Rui C.');
    expect(findingSentence(finding([]), pt, numberIn('pt-PT'), 'Rui C.')).toMatch(/^Curva 4: .*0,21 s.* vs Rui C\.$/);
  });
});
