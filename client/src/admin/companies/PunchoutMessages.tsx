import { Collapse, Pagination, Space, Tag, Typography } from 'antd';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import type { PunchoutCardQuery } from './punchout.generated';
import { TONES } from '../shared/tones';

/** The company's latest punchout documents, newest first, each opening on its XML (secrets masked). */
export function PunchoutMessages({
  page,
  onPage,
}: {
  page: PunchoutCardQuery['punchoutMessages'];
  onPage: (page: number) => void;
}) {
  const t = useT();
  const dates = useDates();
  return (
    <Space direction="vertical" size={8} style={{ width: '100%', marginTop: 16 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('admin.punchout.documents', { count: page.total })}
      </Typography.Title>
      <Collapse
        items={page.items.map((m) => ({
          key: m.id,
          label: (
            <span>
              <Tag style={m.direction === 'in' ? TONES.info : TONES.success}>
                {m.direction === 'in' ? t('admin.punchout.in') : t('admin.punchout.out')}
              </Tag>
              {m.kind} · {dates.moment(m.createdAt)}
              {m.httpStatus !== null && (
                <Tag style={{ marginLeft: 8 }} color={m.httpStatus < 300 ? 'default' : 'red'}>
                  {m.httpStatus}
                </Tag>
              )}
            </span>
          ),
          children: (
            <pre className="console-punchout-document" aria-label={t('admin.punchout.document')}>
              {m.document}
            </pre>
          ),
        }))}
      />
      {page.total > page.pageSize && (
        <Pagination
          size="small"
          current={page.page}
          pageSize={page.pageSize}
          total={page.total}
          showSizeChanger={false}
          onChange={onPage}
        />
      )}
    </Space>
  );
}
