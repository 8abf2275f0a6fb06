import { useCallback, useEffect, useRef, useState } from 'react';
import { onLiveEvent, sendLive } from './live';

/** How long a "typing" event keeps someone shown as typing (the server relays at most one per 2 s). */
const TYPING_SHOWN_MS = 4000;
/** The least time between two of our own typing events for one conversation. */
const TYPING_EVERY_MS = 2000;

/**
 * Typing in conversation id (issue 13): `typing` are the other members typing now (live, through
 * the tab's socket), `notify` tells the others we type (throttled; the server checks membership).
 */
export function useTyping(id: number): { typing: number[]; notify: () => void } {
  const [typing, setTyping] = useState<number[]>([]);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const lastSent = useRef(0);

  useEffect(() => {
    const all = timers.current;
    const off = onLiveEvent((e) => {
      if (e.conversation_id !== id) return;
      if (e.type === 'message') {
        // A message came: whoever typed it is done (the others type again within 2 s).
        for (const t of all.values()) clearTimeout(t);
        all.clear();
        setTyping([]);
        return;
      }
      if (!e.user_id) return;
      const user = e.user_id;
      if (e.type === 'typing') {
        clearTimeout(all.get(user));
        all.set(
          user,
          setTimeout(() => {
            all.delete(user);
            setTyping((prev) => prev.filter((u) => u !== user));
          }, TYPING_SHOWN_MS),
        );
        setTyping((prev) => (prev.includes(user) ? prev : [...prev, user]));
      }
    });
    return () => {
      off();
      for (const t of all.values()) clearTimeout(t);
      all.clear();
      setTyping([]);
    };
  }, [id]);

  const notify = useCallback(() => {
    const now = Date.now();
    if (now - lastSent.current < TYPING_EVERY_MS) return;
    lastSent.current = now;
    sendLive({ type: 'typing', conversation_id: id });
  }, [id]);

  return { typing, notify };
}
