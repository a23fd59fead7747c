/**
 * Admin dialog width, so forms stay readable on a tablet and a phone: 40vw, 75vw below 960 px, 90vw below 640 px.
 */
import { useEffect, useState } from 'react';

/** @internal Exported for its tests. */
export function dialogWidthFor(viewportPx: number): '40vw' | '75vw' | '90vw' {
  if (viewportPx < 640) return '90vw';
  if (viewportPx < 960) return '75vw';
  return '40vw';
}

/** The width for the current window, following resizes. */
export function useDialogWidth(): string {
  const read = () => (typeof window === 'undefined' ? 1280 : window.innerWidth);
  const [width, setWidth] = useState(read);
  useEffect(() => {
    const onResize = () => setWidth(read());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return dialogWidthFor(width);
}
