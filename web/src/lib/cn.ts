/** Joins class names, skipping falsy ones (a tiny stand-in for clsx; Tailwind classes only). */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
