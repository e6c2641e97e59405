import { useQuery } from '@apollo/client/react';
import { Switch, Table } from 'antd';
import { AdminSitesDocument } from './graphql/admin.generated';
import { useSavedNotice, useSiteActions } from './useConsoleActions';
import { useT } from '../i18n';

/** The store's sites: currency, orders, and whether each shows the whole catalogue or only its listed products. */
export function SitesView() {
  const t = useT();
  const { data, loading } = useQuery(AdminSitesDocument, { fetchPolicy: 'cache-and-network' });
  const { setShowAllProducts } = useSiteActions();
  const saved = useSavedNotice();
  return (
    <Table
      rowKey="id"
      size="middle"
      loading={loading}
      pagination={false}
      scroll={{ x: 700 }}
      dataSource={data?.adminSites ?? []}
      columns={[
        { title: t('admin.site'), dataIndex: 'id', render: (id: string) => <code>{id}</code> },
        { title: t('admin.siteName'), dataIndex: 'name' },
        { title: t('admin.currency'), dataIndex: 'currency', render: (v: string) => v.toUpperCase() },
        { title: t('admin.listedProducts'), dataIndex: 'listedProducts', align: 'right' },
        { title: t('admin.ordersCount'), dataIndex: 'orders', align: 'right' },
        {
          title: t('admin.wholeCatalogue'),
          key: 'visibility',
          render: (_, site) => (
            <Switch
              aria-label={t('admin.wholeCatalogueOn', { site: site.name })}
              checked={site.showAllProducts}
              onChange={(showAllProducts) => saved(setShowAllProducts(site.id, showAllProducts))}
            />
          ),
        },
      ]}
    />
  );
}
