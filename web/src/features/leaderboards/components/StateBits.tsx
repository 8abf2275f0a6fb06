/** An empty list's sentence. */
export function Empty({ text }: { text: string }) {
  return <p className="rounded-xl bg-surface-2 px-4 py-6 text-center text-sm text-muted">{text}</p>;
}
