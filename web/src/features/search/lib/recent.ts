/**
 * Recent searches (SPEC §3, §5, §9): the last 5 distinct queries of at least 2 characters, newest
 * first, kept in the browser's localStorage. A browser without storage simply keeps none.
 */
export const RECENT_STORAGE_KEY = 'recentSearches';
export const RECENT_MAX = 5;
export const SEARCH_MIN_LENGTH = 2;

export function readRecent(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((q): q is string => typeof q === 'string' && q.trim().length >= SEARCH_MIN_LENGTH).slice(0, RECENT_MAX);
  } catch {
    return [];
  }
}

function write(list: string[]) {
  try {
    if (list.length === 0) localStorage.removeItem(RECENT_STORAGE_KEY);
    else localStorage.setItem(RECENT_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // storage full or disabled: recent searches are a convenience
  }
}

/** Saves a query (trimmed) at the front; shorter than 2 characters is not saved. Returns the list. */
export function saveRecent(query: string): string[] {
  const q = query.trim();
  const list = readRecent();
  if (q.length < SEARCH_MIN_LENGTH) return list;
  const next = [q, ...list.filter((r) => r.toLocaleLowerCase() !== q.toLocaleLowerCase())].slice(0, RECENT_MAX);
  write(next);
  return next;
}

export function clearRecent(): void {
  write([]);
}
