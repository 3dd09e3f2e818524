import { useCallback, useEffect, useState } from 'react';
import { failureText } from '../stores/api-failure.js';

/** What {@link useLoaded} answers. */
export interface Loaded<T> {
  /** What the last load answered; null until the first one has. */
  data: T | null;
  /** The last load's failure in words ('' when it succeeded or has not ended). */
  failure: string;
  /** Loads again (after a change); its failure lands in `failure`, never thrown. */
  reload: () => Promise<void>;
}

/**
 * Loads a screen's data with `load` when mounted and whenever `load` changes (wrap it in
 * `useCallback`), keeping the last answer and the last failure's text for the screen to show.
 *
 * @example
 * const { data: tickets, failure, reload } = useLoaded(useCallback(() => dashboard.listTickets(), [dashboard]));
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState('');
  const reload = useCallback(async () => {
    try {
      setData(await load());
      setFailure('');
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, failure, reload };
}
