import { ApiError } from '@/lib/api';

/** The text of a failed call (the server's translated message), or undefined for the toast's title alone. */
export const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/** A failed call's per-field errors ({} for anything else). */
export const fieldErrors = (error: unknown): Record<string, string> => (error instanceof ApiError ? error.fieldErrors : {});
