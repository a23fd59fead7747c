import { useEffect, useState } from 'react';
import type { LeaderboardRow } from '../../contracts/leaderboard';
import { isApiError } from '../../data/api/api-error';
import { leaderboardRepository } from '../../data/services';
import { notifyError } from '../../ui/toast';
import { translateError } from '../../app/i18n/setup';
import { emptyLeaderboardForm, fromLeaderboardRequest, toLeaderboardRequest, type LeaderboardForm } from './leaderboard-view';

interface Shown {
  rows: LeaderboardRow[];
  fetchedAt: string;
  fromCache: boolean;
}

/**
 * The leaderboard screen's state: the filter form, the answer shown (the server's, or the saved copy offline with
 * its date), and asking again. `failed` is the message of a failure without its own.
 */
export function useLeaderboard(failed: string) {
  const [form, setForm] = useState<LeaderboardForm>(emptyLeaderboardForm);
  const [shown, setShown] = useState<Shown | null>(null);
  const [loading, setLoading] = useState(false);
  const [offlineNoCopy, setOfflineNoCopy] = useState(false);

  // Reopen on the last leaderboard seen: its saved copy at once, then, when online, the server's current answer
  // (the copy is only called offline when the server cannot be reached; 'Show Leaderboard' asks again too).
  useEffect(() => {
    let live = true;
    void (async () => {
      const last = await leaderboardRepository.lastRequest();
      if (!last || !live) return;
      setForm(fromLeaderboardRequest(last));
      const copy = await leaderboardRepository.cached(last);
      if (copy && live) setShown({ ...copy, fromCache: false });
      if (!navigator.onLine) {
        if (copy && live) setShown(copy);
        return;
      }
      try {
        const fresh = await leaderboardRepository.query(last);
        if (live) setShown(fresh);
      } catch {
        // Left to 'Show Leaderboard' to report: opening the screen keeps the saved copy on screen quietly.
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  // Back online with the offline copy on screen: ask the server again for those filters, so 'Offline' goes away.
  const showingCopy = shown?.fromCache === true;
  useEffect(() => {
    if (!showingCopy) return;
    let live = true;
    const refresh = () => {
      void (async () => {
        const last = await leaderboardRepository.lastRequest();
        if (!last) return;
        const fresh = await leaderboardRepository.query(last).catch(() => null);
        if (fresh && live) setShown(fresh);
      })();
    };
    window.addEventListener('online', refresh);
    return () => {
      live = false;
      window.removeEventListener('online', refresh);
    };
  }, [showingCopy]);

  async function show() {
    setLoading(true);
    setOfflineNoCopy(false);
    try {
      setShown(await leaderboardRepository.query(toLeaderboardRequest(form)));
    } catch (e) {
      if (isApiError(e) && e.offline) {
        setOfflineNoCopy(true);
        setShown(null);
      } else notifyError(e instanceof Error ? translateError(e) : failed);
    } finally {
      setLoading(false);
    }
  }

  return { form, setForm, shown, loading, offlineNoCopy, show };
}
