import { describe, expect, it } from 'vitest';
import { canSave, patchEditing, type CrudEditing } from '../../../../src/features/admin/crud-editing';

type Form = { name: string; code: string };
const editing: CrudEditing<{ id: number }, Form> = { mode: 'edit', row: { id: 4 }, form: { name: 'Braga', code: 'BR' } };

describe('crud editing', () => {
  it('changes only the patched fields of the open form', () => {
    expect(patchEditing(editing, { code: 'BG' })).toEqual({ mode: 'edit', row: { id: 4 }, form: { name: 'Braga', code: 'BG' } });
    expect(patchEditing<{ id: number }, Form>(null, { code: 'BG' })).toBeNull();
  });

  it('saves with the section check, any form without one, and nothing without a dialog', () => {
    expect(canSave(editing)).toBe(true);
    expect(canSave(editing, (f) => f.name.length > 10)).toBe(false);
    expect(canSave(editing, (_f, mode) => mode === 'edit')).toBe(true);
    expect(canSave(null)).toBe(false);
  });
});
