import * as RadixDialog from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Clock, Lightbulb, Loader2, Search, SearchX, Flame, X } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { cn } from '@/lib/cn';
import { useDebounced } from '@/lib/useDebounced';
import { useSession } from '@/lib/SessionProvider';
import { searchQuery, type SearchResult } from '../api/search';
import { clearRecent, readRecent, saveRecent, SEARCH_MIN_LENGTH } from '../lib/recent';
import { searchKeyAction } from '../lib/selection';
import { OptionGroup, ResultOption, SuggestionOption } from './SearchOptions';

/** SPEC §9: the search waits for 300 ms of quiet typing. */
export const SEARCH_DEBOUNCE_MS = 300;

type Option = { kind: 'result'; result: SearchResult } | { kind: 'recent' | 'popular'; text: string };

/**
 * The global search overlay (SPEC §2, §4, §5, §9): a WAI-ARIA combobox whose listbox holds the
 * results, or, below 2 characters, the recent and popular searches. Arrow keys move the
 * highlighted option, Enter opens it (a result's page, or a suggestion's query), Escape closes and
 * focus returns where it was. Loaded lazily with its texts when first opened.
 */
export default function SearchOverlay({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('search');
  const { user } = useSession();
  const navigate = useNavigate();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState(readRecent);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where focus was when the overlay opened (the header button, or the page for a shortcut):
  // closing returns it there. Read during the first render, before the input takes focus.
  const [returnTo] = useState(() => document.activeElement);
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  const trimmed = query.trim();
  const debounced = useDebounced(trimmed, SEARCH_DEBOUNCE_MS);
  const searching = debounced.length >= SEARCH_MIN_LENGTH;
  const results = useQuery({ ...searchQuery(user?.id ?? 0, language, debounced), enabled: searching });
  const idle = trimmed.length < SEARCH_MIN_LENGTH;
  const loading = !idle && (trimmed !== debounced || results.isPending || (results.isFetching && !results.data));
  const popular = useMemo(() => {
    const list = t('popular.items', { returnObjects: true });
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  }, [t]);

  const options: Option[] = idle
    ? [...recent.map((text) => ({ kind: 'recent' as const, text })), ...popular.map((text) => ({ kind: 'popular' as const, text }))]
    : loading
      ? []
      : (results.data ?? []).map((result) => ({ kind: 'result' as const, result }));
  const state = idle ? 'idle' : loading ? 'loading' : options.length > 0 ? 'results' : 'empty';

  function changeQuery(value: string) {
    setQuery(value);
    setActive(-1);
  }

  function openResult(result: SearchResult) {
    setRecent(saveRecent(trimmed));
    onClose();
    void navigate(result.url);
  }

  function choose(option: Option) {
    if (option.kind === 'result') openResult(option.result);
    else {
      changeQuery(option.text);
      inputRef.current?.focus();
    }
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const action = searchKeyAction(e.key, active, options.length);
    if (action.type === 'move') {
      e.preventDefault();
      setActive(action.active);
      document.getElementById(optionId(action.active))?.scrollIntoView({ block: 'nearest' });
    } else if (action.type === 'open') {
      e.preventDefault();
      choose(options[action.index]);
    } else if (e.key === 'Enter' && trimmed.length >= SEARCH_MIN_LENGTH) {
      setRecent(saveRecent(trimmed)); // a search the reader committed to, without opening a result
    }
    // Escape: the dialog closes itself and returns focus.
  }

  const expanded = options.length > 0;
  const optionProps = (i: number) => ({
    id: optionId(i),
    selected: i === active,
    onHover: () => setActive(i),
    onChoose: () => choose(options[i]),
  });

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-sm motion-safe:data-[state=open]:animate-fade-in" />
        <RadixDialog.Content
          data-testid="search-overlay"
          aria-describedby={undefined}
          onOpenAutoFocus={(e) => {
            e.preventDefault();
            inputRef.current?.focus();
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (returnTo instanceof HTMLElement && returnTo.isConnected) returnTo.focus();
          }}
          className="fixed left-1/2 top-3 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-2xl -translate-x-1/2 flex-col overflow-hidden rounded-2xl border border-border bg-surface text-fg shadow-2xl sm:top-[10vh] sm:max-h-[75vh]"
        >
          <RadixDialog.Title className="sr-only">{t('title')}</RadixDialog.Title>
          <div className="flex items-center gap-3 border-b border-border px-4">
            <Search className="h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              aria-label={t('label')}
              aria-expanded={expanded}
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={active >= 0 && active < options.length ? optionId(active) : undefined}
              autoComplete="off"
              spellCheck={false}
              maxLength={100}
              placeholder={t('placeholder')}
              value={query}
              onChange={(e) => changeQuery(e.target.value)}
              onKeyDown={onKeyDown}
              className="h-14 min-w-0 flex-1 bg-transparent text-base text-fg outline-none placeholder:text-muted"
            />
            {loading && <Loader2 className="h-5 w-5 shrink-0 animate-spin text-muted motion-reduce:animate-none" aria-hidden="true" />}
            <RadixDialog.Close
              className="grid h-9 w-9 shrink-0 cursor-pointer place-items-center rounded-lg text-muted hover:bg-surface-2 hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
              aria-label={t('close')}
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>

          <div className="min-h-0 flex-1 overflow-y-auto p-2" data-state={state} data-testid="search-body">
            <p className="sr-only" role="status" aria-live="polite">
              {state === 'loading' ? t('loading') : state === 'results' ? t('count', { count: options.length }) : state === 'empty' ? t('empty.title', { query: trimmed }) : ''}
            </p>
            <ul id={listId} role="listbox" aria-label={idle ? t('suggestions') : t('results')} className={cn(!expanded && 'hidden')}>
              {idle ? (
                <>
                  {recent.length > 0 && (
                    <OptionGroup label={t('recent.title')} icon={Clock}>
                      {recent.map((text, i) => (
                        <SuggestionOption key={`recent-${text}`} text={text} icon={Clock} {...optionProps(i)} />
                      ))}
                    </OptionGroup>
                  )}
                  {popular.length > 0 && (
                    <OptionGroup label={t('popular.title')} icon={Flame}>
                      {popular.map((text, j) => (
                        <SuggestionOption key={`popular-${text}`} text={text} icon={Flame} {...optionProps(recent.length + j)} />
                      ))}
                    </OptionGroup>
                  )}
                </>
              ) : (
                options.map((option, i) =>
                  option.kind === 'result' ? (
                    <ResultOption key={`${option.result.type}-${option.result.id}`} result={option.result} {...optionProps(i)} />
                  ) : null,
                )
              )}
            </ul>
            {idle && recent.length > 0 && (
              <div className="px-3 pt-1">
                <button
                  type="button"
                  className="cursor-pointer rounded text-sm font-medium text-brand hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  onClick={() => {
                    clearRecent();
                    setRecent([]);
                    setActive(-1);
                    inputRef.current?.focus();
                  }}
                >
                  {t('recent.clear')}
                </button>
              </div>
            )}
            {idle && (
              <div className="mt-3 rounded-xl bg-surface-2 p-4 text-sm text-muted">
                <p className="mb-2 flex items-center gap-2 font-semibold text-fg">
                  <Lightbulb className="h-4 w-4 text-brand" aria-hidden="true" />
                  {t('tips.title')}
                </p>
                <ul className="list-disc space-y-1 pl-5">
                  <li>{t('tips.minLength')}</li>
                  <li>{t('tips.keyboard')}</li>
                  <li>{t(user ? 'tips.signedIn' : 'tips.visitor')}</li>
                </ul>
              </div>
            )}
            {state === 'loading' && (
              <p className="flex items-center justify-center gap-2 py-10 text-sm text-muted" data-testid="search-loading">
                {t('loading')}
              </p>
            )}
            {state === 'empty' && (
              <div className="flex flex-col items-center py-10 text-center" data-testid="search-empty">
                <SearchX className="mb-3 h-8 w-8 text-muted" aria-hidden="true" />
                <p className="font-semibold">{t('empty.title', { query: trimmed })}</p>
                <p className="mt-1 text-sm text-muted">{t('empty.body')}</p>
              </div>
            )}
          </div>
          <p className="hidden border-t border-border px-4 py-2 text-xs text-muted sm:block">{t('footer')}</p>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
