import { useMutation } from '@tanstack/react-query';
import type { paths } from '@/api/schema';
import { request } from '@/lib/api';

export type ContactInput = paths['/api/contact']['post']['requestBody']['content']['application/json'];
export type ContactType = ContactInput['type'];

/**
 * POST /api/contact (spec §7). No error toast: the form reports failures itself (spec §8 says an
 * alert), and shows per-field errors next to the fields.
 */
export function sendContact(body: ContactInput) {
  return request((api) => api.POST('/api/contact', { body }), { errorToast: false });
}

export function useSendContact() {
  return useMutation({ mutationFn: sendContact });
}
