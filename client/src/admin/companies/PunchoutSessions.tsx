import { Tag, Typography } from 'antd';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import type { PunchoutCardQuery } from './punchout.generated';

/** The company's latest punchout sessions, newest first: who, how, and whether they are still open. */
export function PunchoutSessions({ sessions }: { sessions: PunchoutCardQuery['punchoutSessions'] }) {
  const t = useT();
  const dates = useDates();
  return (
    <section style={{ marginTop: 16 }} aria-labelledby="punchout-sessions">
      <Typography.Title level={4} style={{ margin: 0 }} id="punchout-sessions">
        {t('admin.punchout.sessions', { count: sessions.length })}
      </Typography.Title>
      <ul className="console-people">
        {sessions.map((s) => (
          <li key={s.id}>
            <Tag>{s.protocol === 'oci' ? 'OCI' : 'cXML'}</Tag>
            <Tag>{s.operation}</Tag>
            {s.userEmail} · {dates.moment(s.createdAt)}
            {s.framed && ` · ${t('admin.punchout.framed')}`}
            {' · '}
            {s.endedAt
              ? t('admin.punchout.ended', { date: dates.moment(s.endedAt) })
              : s.openedAt
                ? t('admin.punchout.open')
                : t('admin.punchout.notOpened')}
          </li>
        ))}
      </ul>
    </section>
  );
}
