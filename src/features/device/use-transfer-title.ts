/** The browser tab title shows the transfer percentage while a download runs (spec 1). */
import { useEffect } from 'react';
import { setPageTitle } from '../../ui/page-title';

export function useTransferTitle(percent: number | null): void {
  useEffect(() => {
    setPageTitle(percent);
  }, [percent]);
  useEffect(() => () => setPageTitle(null), []);
}
