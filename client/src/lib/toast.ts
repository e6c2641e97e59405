import type { ToastOptions, toast as Toast } from 'react-toastify';

type Kind = 'success' | 'error' | 'info' | 'warning';

let loading: Promise<typeof Toast> | undefined;

/**
 * Shows a toast (spec: top right, auto-close 5 s, draggable 80 %). The toast library and its container load on
 * the first toast, so pages that never toast never download them.
 */
export function notify(kind: Kind, message: string, options?: ToastOptions): Promise<void> {
  loading ??= import('./ToastHost').then((m) => m.mountToasts());
  return loading.then((toast) => void toast[kind](message, options));
}
