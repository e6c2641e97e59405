import { AUTH_BASE_PATH } from '@domain/constants';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';

const LOG_URL = `${AUTH_BASE_PATH}/_log`;

/** Sends a beacon log to POST /api/auth/_log with level and code as form fields (spec section 7). */
export function beaconLog(level: LogLevel, code: string): void {
  const body = new URLSearchParams({ level, code });
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    navigator.sendBeacon(LOG_URL, body);
  } else if (typeof fetch === 'function') {
    void fetch(LOG_URL, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  }
}

/**
 * Logs a line of the error catalogue (spec section 8): the text on the console (with what went wrong, when
 * known), and the same text as a beacon log, so the store's own log has it too.
 */
export function logError(text: string, detail?: unknown): void {
  if (detail === undefined) console.error(text);
  else console.error(text, detail);
  beaconLog('error', text);
}
