import { orderStatusLabel } from '@domain/order-status';
import { List, Typography } from 'antd';
import type { AdminOrderQuery } from './orders.generated';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';

type Entry = AdminOrderQuery['orderAudit'][number];

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

/** A changed value as an operator reads it: statuses by their label ("Payment Received"), not their code. */
const shown = (field: string, value: unknown) =>
  field === 'status' && typeof value === 'number' ? orderStatusLabel(value) : show(value);

/** Who changed what and when, each change as before → after. */
export function AuditTrail({ entries }: { entries: readonly Entry[] }) {
  const t = useT();
  const dates = useDates();
  return (
    <List
      aria-label={t('admin.auditTrail')}
      locale={{ emptyText: t('admin.noAudit') }}
      dataSource={entries as Entry[]}
      renderItem={(entry) => (
        <List.Item>
          <List.Item.Meta
            title={
              <span>
                {entry.actorEmail ?? t('admin.system')} · {dates.moment(entry.at)}
              </span>
            }
            description={
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {entry.changes.map((c) => (
                  <li key={c.field}>
                    <Typography.Text strong>{c.field}</Typography.Text>: {shown(c.field, c.before)} →{' '}
                    {shown(c.field, c.after)}
                  </li>
                ))}
              </ul>
            }
          />
        </List.Item>
      )}
    />
  );
}
