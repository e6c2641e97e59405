import { useQuery } from '@apollo/client/react';
import { siteLegalSchema, type SiteLegal } from '@domain/site-legal.schema';
import { App, Button, Form, Input, Space, Switch, Table, Typography } from 'antd';
import { Formik, type FormikProps } from 'formik';
import { useState } from 'react';
import { AdminSitesDocument, type AdminSitesQuery } from './sites.generated';
import { ConsoleForm, useConsoleSubmit, useFieldItems } from '../shared/forms';
import { useSavedNotice } from '../shared/useSavedNotice';
import { useSiteActions } from './useSiteActions';
import { useT } from '../../i18n';

type AdminSite = AdminSitesQuery['adminSites'][number];

/**
 * The store's sites: currency, orders, whether each shows the whole catalogue or only its listed products, and its
 * legal identity (legal name, postal address, copyright holder: decision 058), which Admin edits under its row.
 */
export function SitesView() {
  const t = useT();
  const { data, loading } = useQuery(AdminSitesDocument, { fetchPolicy: 'cache-and-network' });
  const { setShowAllProducts } = useSiteActions();
  const saved = useSavedNotice();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Table
      rowKey="id"
      size="middle"
      loading={loading}
      pagination={false}
      scroll={{ x: 900 }}
      dataSource={data?.adminSites ?? []}
      expandable={{
        expandedRowKeys: editing ? [editing] : [],
        showExpandColumn: false,
        expandedRowRender: (site) => <SiteLegalForm site={site} onDone={() => setEditing(null)} />,
      }}
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
        {
          title: t('admin.siteLegal'),
          key: 'legal',
          render: (_, site) => (
            <Space orientation="vertical" size={2}>
              <span>{site.legalName}</span>
              <Button
                size="small"
                aria-label={t('admin.siteLegal.edit', { site: site.name })}
                aria-expanded={editing === site.id}
                onClick={() => setEditing(editing === site.id ? null : site.id)}
              >
                {t('admin.siteLegal.editShort')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}

/** A site's legal name, postal address and copyright holder, checked with the shared schema, saved by Admin. */
function SiteLegalForm({ site, onDone }: { site: AdminSite; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const { setLegal } = useSiteActions();
  const submit = useConsoleSubmit(async (values: SiteLegal) => {
    await setLegal({ id: site.id, input: siteLegalSchema.cast(values) });
    message.success(t('admin.saved'));
    onDone();
  });
  return (
    <Formik<SiteLegal>
      initialValues={{
        legalName: site.legalName,
        postalAddress: site.postalAddress,
        copyrightHolder: site.copyrightHolder,
      }}
      validationSchema={siteLegalSchema}
      onSubmit={submit}
    >
      {(formik) => <SiteLegalFields formik={formik} site={site} onCancel={onDone} />}
    </Formik>
  );
}

function SiteLegalFields({
  formik,
  site,
  onCancel,
}: {
  formik: FormikProps<SiteLegal>;
  site: AdminSite;
  onCancel: () => void;
}) {
  const t = useT();
  const prefix = `site-${site.id}-`;
  const { item } = useFieldItems(formik, prefix);
  const field = (name: keyof SiteLegal, label: string) => (
    <Form.Item {...item(name, label)}>
      <Input
        id={`${prefix}${name}`}
        value={formik.values[name]}
        maxLength={200}
        onChange={(e) => void formik.setFieldValue(name, e.target.value)}
        onBlur={() => void formik.setFieldTouched(name, true)}
      />
    </Form.Item>
  );
  return (
    // In the table's scrolling area on a phone: as wide as the screen, kept in view.
    <div style={{ maxWidth: 'min(560px, calc(100vw - 56px))', position: 'sticky', left: 0 }}>
      <ConsoleForm formik={formik}>
        <Typography.Paragraph type="secondary">{t('admin.siteLegal.hint')}</Typography.Paragraph>
        {field('legalName', t('admin.siteLegal.legalName'))}
        {field('postalAddress', t('admin.siteLegal.postalAddress'))}
        {field('copyrightHolder', t('admin.siteLegal.copyrightHolder'))}
        <Space>
          <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
            {t('admin.siteLegal.save')}
          </Button>
          <Button onClick={onCancel}>{t('admin.cancel')}</Button>
        </Space>
      </ConsoleForm>
    </div>
  );
}
