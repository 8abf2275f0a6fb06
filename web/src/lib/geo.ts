import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { components } from '@/api/schema';
import { request } from './api';

/**
 * Portugal's districts, autonomous regions and municipalities (GET /api/geo/districts), named in
 * the request's language. Shared by the profile editor (the selects) and the player pages (codes
 * to names). Import only from lazy pages: it pulls in the typed API client.
 */
export type District = components['schemas']['DistrictView'];

export function getDistricts() {
  return request((api) => api.GET('/api/geo/districts'), { errorToast: false }).then((body) => body.districts);
}

/** The list in the UI language; it never changes while the app runs. */
export function useDistricts() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({ queryKey: ['geo', 'districts', language], queryFn: getDistricts, staleTime: Infinity, gcTime: Infinity });
}

/**
 * The districts' names in the UI language without a request (issue 16: the tournament pages showed
 * a district only after downloading all 308 municipalities, a request after the first render): the
 * common texts carry them, in the API's order (a Go test keeps them equal to internal/geo). `name`
 * gives '' for an unknown or empty code.
 */
export function useDistrictNames() {
  const { t } = useTranslation('common');
  const names = t('districts', { returnObjects: true }) as Record<string, string> | string;
  const table = typeof names === 'object' && names ? names : {};
  return {
    list: Object.entries(table).map(([code, name]) => ({ code, name })),
    name: (code: string) => (code && Object.hasOwn(table, code) ? table[code]! : ''),
  };
}

/** The names of a district and municipality code pair ('' for unknown or unset codes). */
export function placeNames(districts: readonly District[] | undefined, district: string, municipality: string) {
  const d = districts?.find((x) => x.code === district);
  const m = d?.municipalities.find((x) => x.code === municipality);
  return { district: d?.name ?? '', municipality: m?.name ?? '' };
}
