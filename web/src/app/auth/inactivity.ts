import { useEffect } from 'react';
import { reportActivity } from './session-store';

// Activity is shared through localStorage, so a busy tab keeps an idle one of the same session alive.
const LAST_ACTIVITY_KEY = 'taktwerk.lastActivity';
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
const RECORD_EVERY_MS = 5_000;
// The server's inactivity clock (it refuses token refreshes of idle sessions) only needs a coarse signal.
const REPORT_EVERY_MS = 60_000;
const CHECK_EVERY_MS = 10_000;

const lastActivity = () => Number(localStorage.getItem(LAST_ACTIVITY_KEY)) || 0;

/**
 * Calls onTimeout once nobody used any tab of the app for `timeoutMinutes` (spec part 1 §4). Polling rather than
 * one long timer, so that a laptop waking from sleep notices at once.
 */
export function useInactivityTimeout(timeoutMinutes: number, onTimeout: () => void): void {
  useEffect(() => {
    let recordedAt = 0;
    let reportedAt = Date.now();
    let fired = false;
    const record = () => {
      const now = Date.now();
      if (now - recordedAt < RECORD_EVERY_MS) return;
      recordedAt = now;
      localStorage.setItem(LAST_ACTIVITY_KEY, String(now));
      if (now - reportedAt >= REPORT_EVERY_MS) {
        reportedAt = now;
        void reportActivity();
      }
    };
    const check = () => {
      if (fired || Date.now() - lastActivity() <= timeoutMinutes * 60_000) return;
      fired = true;
      onTimeout();
    };
    // Signing in or opening the app is activity too.
    record();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, record, { passive: true, capture: true });
    document.addEventListener('visibilitychange', check);
    const timer = setInterval(check, CHECK_EVERY_MS);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, record, { capture: true });
      document.removeEventListener('visibilitychange', check);
      clearInterval(timer);
    };
  }, [timeoutMinutes, onTimeout]);
}
