import { translateMessage } from '@domain/message-translations';
import { createElement } from 'react';
import { currentLocale } from '../i18n';
import type { ToastOptions, toast as Toast } from 'react-toastify';

type Kind = 'success' | 'error' | 'info' | 'warning';

let loading: Promise<typeof Toast> | undefined;

/**
 * Shows a toast (spec: top right, auto-close 5 s, draggable 80 %). The toast library and its container load on
 * the first toast, so pages that never toast never download them.
 */
export function notify(
  kind: Kind,
  message: string,
  options?: ToastOptions & {
    /** A button after the message (e.g. View cart): runs `onClick`, then closes the toast. */
    action?: { label: string; onClick: () => void };
  },
): Promise<void> {
  loading ??= import('./ToastHost').then((m) => m.mountToasts());
  const { action, ...rest } = options ?? {};
  // A refusal from the server (the spec's English) reads in the page's language, as the shop's own words do.
  message = translateMessage(message, currentLocale());
  const content = action
    ? ({ closeToast }: { closeToast: () => void }) =>
        createElement(
          'span',
          { className: 'toast__content' },
          `${message} `,
          createElement(
            'button',
            {
              type: 'button',
              className: 'toast__action',
              onClick: () => {
                action.onClick();
                closeToast();
              },
            },
            action.label,
          ),
        )
    : message;
  return loading.then((toast) => void toast[kind](content, rest));
}
