/** The customer-service window: 24 hours from the customer's last message (Meta's rule). */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/** When the window closes, or null when the customer never wrote. */
export const windowClosesAt = (lastInboundAt: Date | null): Date | null => (lastInboundAt ? new Date(lastInboundAt.getTime() + WINDOW_MS) : null);

/** Whether a free-form message may go now. */
export const windowOpen = (lastInboundAt: Date | null, now = new Date()): boolean => {
  const closes = windowClosesAt(lastInboundAt);
  return !!closes && closes.getTime() > now.getTime();
};
