import { linkify } from '@/lib/conversations';

/** A message's text: line breaks kept, http(s) links clickable (opened in a new tab, no referrer), never HTML. */
export function MessageBody({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words">
      {linkify(text).map((part, i) =>
        part.href ? (
          <a key={i} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="underline underline-offset-2">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}
