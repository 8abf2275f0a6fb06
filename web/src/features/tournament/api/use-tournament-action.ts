import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useToast } from '@/components/ui/Toast';
import { ApiError } from '@/lib/api';

export interface ActionTexts<T> {
  /** Success toast title (or one made from the answer); none when the page change says enough. */
  success?: string | ((result: T) => string);
  /** The SPEC §8 title of the failure ('Error shuffling ranking' …); the server's message goes under it. */
  error: string;
  /** Failures the caller handles itself (no toast), e.g. the 409 that asks to replace the referee. */
  handled?: (error: unknown) => boolean;
}

/**
 * Runs one of the page's actions: toasts its success or its failure (SPEC §8 title over the
 * server's translated message), and afterwards refreshes every tournament query (this page's
 * header, ranking, statistics and people, and the list page), whether it worked or not — a
 * failure often means someone else changed the tournament first. Rethrows, so a confirmation
 * dialog stays open on failure.
 */
export function useTournamentAction() {
  const toast = useToast();
  const queryClient = useQueryClient();
  return useCallback(
    async <T,>(call: () => Promise<T>, texts: ActionTexts<T>): Promise<T> => {
      try {
        const result = await call();
        const success = typeof texts.success === 'function' ? texts.success(result) : texts.success;
        if (success) toast.success(success);
        return result;
      } catch (error) {
        if (texts.handled?.(error)) throw error;
        console.error(texts.error, error);
        toast.error(texts.error, error instanceof ApiError ? error.message : undefined);
        throw error;
      } finally {
        void queryClient.invalidateQueries({ queryKey: ['tournaments'] });
      }
    },
    [toast, queryClient],
  );
}
