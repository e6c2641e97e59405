import { List, Typography } from 'antd';
import type { AdminOrderQuery } from './graphql/admin.generated';
import { useT } from '../i18n';
import { useDates } from '../lib/dates';

type Entry = AdminOrderQuery['orderAudit'][number];

const show = (value: unknown) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

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
                    <Typography.Text strong>{c.field}</Typography.Text>: {show(c.before)} → {show(c.after)}
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
