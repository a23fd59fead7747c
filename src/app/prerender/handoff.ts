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
  /** The prerendered menu button was tapped (an odd number of times). */
  menuOpened?: boolean;
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
  const copy = record.copy;
  record.copy = null;
  const values: Record<string, string> = {};
  for (const field of copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    if (field.value) values[field.name] = field.value;
  }
  return { values, focused: record.submitted ? null : record.focused, submitted: record.submitted };
}

/**
 * Whether the prerendered menu button was tapped before the app rendered. It stays true (the app's first frame may
 * be mounted more than once while the router settles) until `forgetPrerenderedMenu()`: the menu's own button or a
 * navigation takes over from there.
 */
export function prerenderedMenuOpened(): boolean {
  return typeof window !== 'undefined' && !!window.__prerenderHandoff?.menuOpened;
}

export function forgetPrerenderedMenu(): void {
  const record = typeof window === 'undefined' ? undefined : window.__prerenderHandoff;
  if (record) record.menuOpened = false;
}

/**
 * Removes the prerendered copies' style tags that the build put into <head> (vite.config.ts): once the app has
 * rendered, React's own tags (which it puts first in <head>) must not be overridden by them.
 */
export function dropPrerenderedStyles(): void {
  if (typeof document === 'undefined') return;
  for (const style of document.querySelectorAll('style[data-prerendered-style]')) style.remove();
}
