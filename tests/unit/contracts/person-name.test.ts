import { describe, expect, it } from 'vitest';
import { hasForbiddenNameCharacters, initialOf, personNameSchema } from '../../../src/contracts/person-name';
import { makeAuthUser } from '../../../src/data/auth/auth-user';

/** People's names: what they may hold, and their initials taken by code point (app and server share these). */
describe('person names', () => {
  it('refuse control, bidi and other invisible format characters, separators and lone surrogates', () => {
    for (const bad of ['a\nb', 'a\tb', 'a\u0000b', 'a\u202Eb', 'a\u2066b', 'a\u200Eb', 'a\u200Bb', 'a\uFEFFb', 'a\u00ADb', 'a\u2028b', 'a\u2029b', 'a\uD800', '\uDC00a', 'a\uE000b']) {
      expect(hasForbiddenNameCharacters(bad), JSON.stringify(bad)).toBe(true);
      expect(personNameSchema(1).safeParse(bad).success).toBe(false);
    }
  });

  it('keep letters of every script, accents, punctuation, joiners and emoji', () => {
    for (const good of ["Zoë O'Brien-Núñez", 'محمد\u200Cرضا', '李小龍', 'Ana 👩\u200D🚀', 'Jean-Luc', '𝒮ilva']) {
      expect(hasForbiddenNameCharacters(good), good).toBe(false);
      expect(personNameSchema(1).parse(` ${good} `)).toBe(good);
    }
  });

  it('take an initial by code point, never half of a surrogate pair', () => {
    expect(initialOf('😀 smile')).toBe('😀');
    expect(initialOf('𝒮ilva')).toBe('𝒮');
    expect(initialOf('  ana')).toBe('A');
    expect(initialOf('')).toBe('');
    const u = makeAuthUser({ id: 1, email: 'x@y.test', firstName: '😀', lastName: '𝒮ilva', role: 'user' });
    expect(u.initials).toBe('😀𝒮');
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(u.initials)).toBe(false);
    expect(makeAuthUser({ id: 1, email: 'émile@y.test', firstName: '', lastName: '', role: 'user' }).initials).toBe('É');
  });
});
