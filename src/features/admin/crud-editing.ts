/** What an admin list's dialog edits: a new row's form, or an existing row and its form. */
export type CrudEditing<T, F> = { mode: 'new'; form: F } | { mode: 'edit'; row: T; form: F };

/** The editing state with some fields of its form changed (nothing when no dialog is open). */
export function patchEditing<T, F>(editing: CrudEditing<T, F> | null, patch: Partial<F>): CrudEditing<T, F> | null {
  return editing ? { ...editing, form: { ...editing.form, ...patch } } : editing;
}

/** Whether the open dialog's form may be saved: the section's own check, every form when it has none; never with no dialog. */
export function canSave<T, F>(editing: CrudEditing<T, F> | null, isValid?: (form: F, mode: 'new' | 'edit') => boolean): boolean {
  return editing ? (isValid?.(editing.form, editing.mode) ?? true) : false;
}
