import { useQuery } from '@apollo/client/react';
import { ADMIN_ORDER_SORTS } from '@domain/admin';
import { orderNumberLabel } from '@domain/checkout';
import {
  ORDER_STATUS,
  ORDER_STATUS_CODES,
  orderStatusGroup,
  orderStatusMatches,
  type OrderStatusGroup,
} from '@domain/order-status';
import { Button, DatePicker, Input, Select, Space, Tabs, Tag } from 'antd';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import dayjs from 'dayjs';
import { Link, useSearchParams } from 'react-router-dom';
import { AdminOrdersDocument, type AdminOrderFilterInput } from './orders.generated';
import { useT } from '../../i18n';
import { useMoney } from '../../lib/money';
import { useDates } from '../../lib/dates';
import { TONES } from '../shared/tones';
import { UnacknowledgedOrders } from './UnacknowledgedOrders';

const SITES = ['axl', 'foodgrade', 'mai', 'aos', 'miv2', 'pay-us', 'pay-ca'];

/** The filters of the table, read from and written to the URL (a link reproduces the view). */
function useFilter(): [AdminOrderFilterInput, (patch: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
  const filter: AdminOrderFilterInput = {
    q: params.get('q') || null,
    statuses: params.get('statuses')?.split(',').filter(Boolean).map(Number) ?? null,
    from: params.get('from') || null,
    to: params.get('to') || null,
    site: params.get('site') || null,
    userId: params.get('userId') || null,
    sort: params.get('sort') || 'createdAt',
    descending: params.get('dir') !== 'asc',
    page: Number(params.get('page') ?? 1),
    pageSize: Number(params.get('pageSize') ?? 25),
  };
  const update = (patch: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [k, v] of Object.entries(patch))
        if (v) next.set(k, v);
        else next.delete(k);
      if (!('page' in patch)) next.delete('page');
      return next;
    });
  return [filter, update];
}

/** Status tags by group (payment problems, in progress, done, closed). */
const STATUS_TONES: Record<OrderStatusGroup, (typeof TONES)[keyof typeof TONES]> = {
  'payment-problem': TONES.danger,
  'in-progress': TONES.info,
  done: TONES.success,
  closed: TONES.neutral,
};

/**
 * Orders: every order (AllOrders), or those the ERP has not acknowledged (decision 071), as two tabs kept in the
 * address (`?view=erp`).
 */
export function OrdersView() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'erp' ? 'erp' : 'all';
  return (
    <>
      <Tabs
        activeKey={view}
        onChange={(key) => setParams(key === 'erp' ? { view: 'erp' } : {})}
        items={[
          { key: 'all', label: t('admin.erp.allOrders') },
          { key: 'erp', label: t('admin.erp.notAcknowledged') },
        ]}
      />
      {view === 'erp' ? <UnacknowledgedOrders /> : <AllOrders />}
    </>
  );
}

/** Every order: server-side filters (search, status, dates, site), sorting, pages and CSV export of the same rows. */
function AllOrders() {
  const t = useT();
  const dates = useDates();
  const money = useMoney();
  const [filter, update] = useFilter();
  const { data, previousData, loading, error } = useQuery(AdminOrdersDocument, {
    variables: { filter },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.adminOrders;
  const csv = new URLSearchParams(
    Object.entries({
      q: filter.q,
      statuses: filter.statuses?.join(','),
      from: filter.from,
      to: filter.to,
      site: filter.site,
      userId: filter.userId,
    }).filter((e): e is [string, string] => Boolean(e[1])),
  );
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }} role="search" aria-label={t('admin.orderFilters')}>
        <Input.Search
          enterButton={t('admin.search')}
          allowClear
          defaultValue={filter.q ?? ''}
          placeholder={t('admin.orderSearch')}
          aria-label={t('admin.orderSearch')}
          style={{ width: 320 }}
          onSearch={(q) => update({ q: q.trim() || null })}
        />
        <Select
          mode="multiple"
          allowClear
          aria-label={t('orders.status')}
          placeholder={t('orders.anyStatus')}
          style={{ minWidth: 220 }}
          value={filter.statuses ?? []}
          onChange={(v: number[]) => update({ statuses: v.length ? v.join(',') : null })}
          options={ORDER_STATUS_CODES.map((code) => ({ value: code, label: ORDER_STATUS[code] }))}
          showSearch
          filterOption={(typed, option) => orderStatusMatches(Number(option?.value), typed)}
        />
        {/* Two date fields, each its own Tab stop: antd's range picker kept the keyboard between its inputs. */}
        <DatePicker
          aria-label={t('admin.placedFrom')}
          placeholder={t('admin.placedFrom')}
          value={filter.from ? dayjs(filter.from) : null}
          onChange={(day) => update({ from: day?.startOf('day').toISOString() ?? null })}
        />
        <DatePicker
          aria-label={t('admin.placedTo')}
          placeholder={t('admin.placedTo')}
          value={filter.to ? dayjs(filter.to).subtract(1, 'day') : null}
          onChange={(day) => update({ to: day?.startOf('day').add(1, 'day').toISOString() ?? null })}
        />
        <Select
          allowClear
          aria-label={t('admin.site')}
          placeholder={t('admin.anySite')}
          style={{ width: 140 }}
          value={filter.site ?? undefined}
          onChange={(v?: string) => update({ site: v ?? null })}
          options={SITES.map((s) => ({ value: s, label: s }))}
        />
        {filter.userId && (
          <Tag closable onClose={() => update({ userId: null })}>
            {t('admin.oneCustomer')}
          </Tag>
        )}
        <Button href={`/api/admin/orders.csv?${csv}`} download>
          {t('admin.exportCsv')}
        </Button>
      </Space>
      {error && <Tag style={TONES.danger}>{error.message}</Tag>}
      <ResponsiveTable
        label={t('admin.ordersList')}
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={page?.items ?? []}
        scroll={{ x: 900 }}
        onChange={(pagination, _filters, sorter) => {
          const s = Array.isArray(sorter) ? sorter[0] : sorter;
          const field = String(s?.field ?? 'createdAt');
          update({
            page: String(pagination.current ?? 1),
            pageSize: String(pagination.pageSize ?? 25),
            sort: s?.order && (ADMIN_ORDER_SORTS as readonly string[]).includes(field) ? field : null,
            dir: s?.order === 'ascend' ? 'asc' : null,
          });
        }}
        pagination={{
          current: filter.page ?? 1,
          pageSize: filter.pageSize ?? 25,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [25, 50, 100],
          showTotal: (total) => t('admin.orderCount', { count: total }),
        }}
        columns={[
          {
            title: t('orders.number'),
            dataIndex: 'orderNumber',
            sorter: true,
            sortOrder: filter.sort === 'orderNumber' ? (filter.descending ? 'descend' : 'ascend') : null,
            render: (n: string, r) => <Link to={r.id}>{orderNumberLabel(n)}</Link>,
          },
          {
            title: t('admin.placed'),
            dataIndex: 'createdAt',
            sorter: true,
            sortOrder: filter.sort === 'createdAt' ? (filter.descending ? 'descend' : 'ascend') : null,
            render: (v: string) => dates.moment(v),
          },
          {
            title: t('admin.customer'),
            key: 'customer',
            render: (_, r) => (
              <>
                <div>{r.customerName ?? t('admin.guest')}</div>
                <div style={{ color: '#595959', fontSize: 13 }}>{r.contactEmail}</div>
              </>
            ),
          },
          {
            title: t('orders.status'),
            dataIndex: 'statusLabel',
            sorter: true,
            sortOrder: filter.sort === 'status' ? (filter.descending ? 'descend' : 'ascend') : null,
            render: (label: string, r) => <Tag style={STATUS_TONES[orderStatusGroup(r.status)]}>{label}</Tag>,
          },
          { title: t('admin.site'), dataIndex: 'site' },
          { title: t('admin.erpOrderId'), dataIndex: 'erpOrderId', render: (v: string | null) => v ?? '—' },
          {
            title: t('admin.total'),
            dataIndex: 'total',
            align: 'right',
            sorter: true,
            sortOrder: filter.sort === 'total' ? (filter.descending ? 'descend' : 'ascend') : null,
            render: (v: number, r) => money(v, r.currencyCode),
          },
        ]}
      />
    </>
  );
}
