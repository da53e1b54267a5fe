/**
 * A message left in `sending` longer than this belongs to an instance that stopped mid-send; it is
 * queued again. Far above the transport's own time limits, so a live send is never taken over.
 */
export const STUCK_SENDING_MS = 10 * 60 * 1000;
