import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { controlClasses } from '@/components/ui/Field';
import { useToast } from '@/components/ui/Toast';
import { ApiError, request } from '@/lib/api';
import { cn } from '@/lib/cn';
import { startConversation } from '@/lib/conversations';
import { useSession } from '@/lib/SessionProvider';
import { useDebounced } from '@/lib/useDebounced';

/**
 * The new-conversation search: players by name through the global search, which leaves out
 * hidden and suspended players (their privacy), and never the reader. Choosing one opens (or
 * starts) the direct conversation; a failure says 'Error starting conversation'.
 */
export function NewConversation({ onOpen }: { onOpen: (id: number) => void }) {
  const { t } = useTranslation('messages');
  const { user } = useSession();
  const toast = useToast();
  const [q, setQ] = useState('');
  const term = useDebounced(q.trim(), 250);
  const listId = useId();
  const query = useQuery({
    queryKey: ['conversations', user?.id ?? 0, 'search', term],
    queryFn: () =>
      request((api) => api.GET('/api/search', { params: { query: { q: term } } }), { errorToast: false }).then((b) =>
        b.results.filter((r) => r.type === 'player' && r.id !== user?.id),
      ),
    enabled: term.length >= 2,
    staleTime: 30_000,
  });

  async function start(id: number) {
    try {
      onOpen(await startConversation(id));
      setQ('');
    } catch (err) {
      toast.error(t('startFailed'), err instanceof ApiError ? err.message : undefined);
    }
  }

  const results = query.data ?? [];
  return (
    <div className="relative">
      <label className="relative block">
        <span className="sr-only">{t('new.label')}</span>
        <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('new.placeholder')}
          aria-controls={term.length >= 2 ? listId : undefined}
          className={cn(controlClasses, 'pl-9')}
        />
      </label>
      {term.length >= 2 && (
        <div id={listId} className="mt-2 rounded-lg border border-border bg-surface">
          {query.isPending ? (
            <p role="status" className="p-3 text-sm text-muted">
              {t('new.searching')}
            </p>
          ) : results.length === 0 ? (
            <p role="status" className="p-3 text-sm text-muted">
              {t('new.noResults')}
            </p>
          ) : (
            <ul>
              {results.map((r) => (
                <li key={r.id}>
                  <button
                    type="button"
                    onClick={() => void start(r.id)}
                    className="w-full cursor-pointer px-3 py-2 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:outline-ring"
                    aria-label={t('new.start', { name: r.title })}
                  >
                    <span className="font-medium">{r.title}</span>
                    {r.subtitle && <span className="block text-xs text-muted">{r.subtitle}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
