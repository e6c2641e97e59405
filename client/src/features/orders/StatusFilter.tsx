import { ORDER_STATUS, ORDER_STATUS_CODES } from '@domain/order-status';
import { useId } from 'react';
import { useMessage, useT } from '../../i18n';

/** The order status filter of an orders list: any status, or one, by its label in the page's language. */
export function StatusFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const message = useMessage();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('orders.status')}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('orders.anyStatus')}</option>
        {ORDER_STATUS_CODES.map((code) => (
          <option key={code} value={code}>
            {message(ORDER_STATUS[code])}
          </option>
        ))}
      </select>
    </div>
  );
}
