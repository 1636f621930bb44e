import { useEffect, useState } from 'react';
import { call, useRealtime } from '@atende/sdk-web';
import { CHAT_ENDPOINTS, CHAT_EVENT } from '@atende/plugin-internal-chat-contract';

/**
 * The drawer entry's badge: the caller's unread messages over all their chats. The server sums them
 * (`unreads` of the list's answer); any chat event asks again, a quarter second later so a burst of
 * messages costs one request. A failed load leaves the last number (§8: chat load errors are silent).
 */
export function useUnreadTotal(): number {
  const [total, setTotal] = useState(0);
  const [tick, setTick] = useState(0);
  useRealtime(CHAT_EVENT, () => setTick((n) => n + 1));
  useEffect(() => {
    let live = true;
    const timer = setTimeout(
      () =>
        void call(CHAT_ENDPOINTS.page, { query: { pageNumber: 1 } }).then(
          (page) => live && setTotal(page.unreads),
          () => undefined,
        ),
      tick ? 250 : 0,
    );
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tick]);
  return total;
}
