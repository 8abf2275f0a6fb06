import { useNavigation } from 'react-router';
import { Spinner } from '@/components/ui/Spinner';

/**
 * While a lazy page's code loads after a click, the old page stays on screen; this pill says
 * "loading" (after a short delay, so fast navigations do not flash it).
 */
export function NavigationIndicator() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center [animation:fade-in_200ms_ease-out_200ms_both]">
      <div className="rounded-full border border-border bg-surface px-4 py-2 shadow-lg">
        <Spinner />
      </div>
    </div>
  );
}
