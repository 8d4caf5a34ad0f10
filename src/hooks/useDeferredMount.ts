import {startTransition, useEffect, useState} from 'react';

/**
 * False during hydration, true just after: for parts of a page that are not in its server HTML and
 * not needed at first sight. The switch is a transition, so React builds them in short slices that
 * give way to the reader's input, instead of in the one long re-render that follows hydration.
 */
export function useDeferredMount(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setMounted(true));
  }, []);
  return mounted;
}
