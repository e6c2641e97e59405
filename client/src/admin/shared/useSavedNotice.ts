import { App } from 'antd';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/failure';

/** Says "Saved" when `work` succeeds, else the server's message (or "could not be saved"). */
export function useSavedNotice() {
  const t = useT();
  const { message } = App.useApp();
  return (work: Promise<unknown>) =>
    void work.then(
      () => message.success(t('admin.saved')),
      (err: unknown) => message.error(errorMessage(err, t('admin.saveFailed'))),
    );
}
