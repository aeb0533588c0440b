import { type RefObject, useEffect } from 'react';

/**
 * Brings a message into view when it appears (issue 13: feedback where the shopper is looking).
 * On a phone the line under a button is often below the fold or under the keyboard; 'nearest'
 * scrolls only as far as needed, and not at all when the message is already visible.
 */
export function useKeepInView(ref: RefObject<HTMLElement | null>, message: string | undefined) {
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [ref, message]);
}
