/**
 * Takes over what a visitor did on the prerendered page (public/theme-init.js) before the app rendered: the values
 * typed into the prerendered form, the field that had the focus, and whether the form was submitted. Read once,
 * after React has replaced the copy (a layout effect of the page that renders the same form), so nothing typed up
 * to that moment is lost; the copy's detached fields still hold their values.
 */

/** What public/theme-init.js records on `window.__prerenderHandoff`. */
interface HandoffRecord {
  copy: Element | null;
  focused: string | null;
  submitted: boolean;
}

export interface PrerenderedForm {
  /** Field name -> the value typed into the prerendered field (only fields with a name). */
  values: Record<string, string>;
  /** The name of the field that had the focus when the app took over, if any. */
  focused: string | null;
  /** The form was submitted (its button, or Enter in a field): the app sends it once it has the values. */
  submitted: boolean;
}

declare global {
  interface Window {
    __prerenderHandoff?: HandoffRecord;
  }
}

/**
 * The prerendered form's state, once: null outside a browser, when no copy was shown, when React has not replaced
 * it yet (it is still in the document), or when it was taken already.
 */
export function takePrerenderedForm(): PrerenderedForm | null {
  if (typeof window === 'undefined') return null;
  const record = window.__prerenderHandoff;
  if (!record?.copy || record.copy.isConnected) return null;
  window.__prerenderHandoff = undefined;
  const values: Record<string, string> = {};
  for (const field of record.copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    if (field.value) values[field.name] = field.value;
  }
  return { values, focused: record.submitted ? null : record.focused, submitted: record.submitted };
}
