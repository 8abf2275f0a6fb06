import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TextField } from '@/components/ui/Field';
import { useDebounced } from '@/lib/useDebounced';

/** A search field kept in the address (?q=), sent once typing pauses; returns the term in use. */
export function useSearchTerm(): [string, string, (v: string) => void] {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text, 300).trim();
  useEffect(() => {
    setParams(
      (p) => {
        if (q) p.set('q', q);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  }, [q, setParams]);
  return [q, text, setText];
}

export function SearchBox({ label, placeholder, value, onChange }: { label: string; placeholder: string; value: string; onChange: (v: string) => void }) {
  return <TextField label={label} type="search" value={value} placeholder={placeholder} maxLength={100} onChange={(e) => onChange(e.target.value)} />;
}

/** The URL of the current page with one filter changed (the search term kept). */
export function withParam(pathname: string, params: URLSearchParams, key: string, value: string, drop: string[] = []) {
  const next = new URLSearchParams(params);
  next.set(key, value);
  for (const d of drop) next.delete(d);
  return `${pathname}?${next.toString()}`;
}
