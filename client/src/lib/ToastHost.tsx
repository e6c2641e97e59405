import { TOASTS } from '@domain/constants';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Mounts the toast container in its own root (toasts need no app context) and hands back `toast`. */
export function mountToasts(): typeof toast {
  const host = document.createElement('div');
  host.id = 'toasts';
  document.body.appendChild(host);
  flushSync(() =>
    createRoot(host).render(
      <ToastContainer
        position={TOASTS.position}
        autoClose={TOASTS.autoCloseMs}
        draggablePercent={TOASTS.draggablePercent}
        hotKeys={(e) => e.altKey === TOASTS.hotkey.altKey && e.code === TOASTS.hotkey.code}
      />,
    ),
  );
  return toast;
}
