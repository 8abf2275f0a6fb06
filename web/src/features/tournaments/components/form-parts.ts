import type { FormErrors, TournamentValues } from '../lib/tournament-form';

/** What each section of the tournament form gets: the values, the errors and a setter. */
export interface FormPart {
  values: TournamentValues;
  errors: FormErrors;
  disabled: boolean;
  /** A unique prefix for ids inside the form (two forms may be on the page). */
  idPrefix: string;
  update: <K extends keyof TournamentValues>(field: K, value: TournamentValues[K]) => void;
}

/** The props of a text box bound to a string field of the form. */
export function bind(part: FormPart, field: keyof TournamentValues & string) {
  return {
    name: field,
    value: part.values[field] as string,
    error: part.errors[field],
    disabled: part.disabled,
    onChange: (e: { target: { value: string } }) => part.update(field, e.target.value as never),
  };
}

/** The same for a whole-number box: numeric keyboard on phones, the server's bounds as a guide. */
export function bindNumber(part: FormPart, field: keyof TournamentValues & string, min: number, max: number) {
  return { ...bind(part, field), type: 'number', inputMode: 'numeric' as const, step: 1, min, max };
}
