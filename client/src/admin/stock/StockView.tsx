import { useQuery } from '@apollo/client/react';
import { maxOrderQuantitySchema } from '@domain/cart-line.schema';
import { stockAdjustmentSchema } from '@domain/stock.schema';
import { WAREHOUSES } from '@domain/warehouses';
import { Alert, App, Button, Form, Input, InputNumber, Modal, Space, Tag, Typography } from 'antd';
import { Formik, type FormikProps } from 'formik';
import { useState } from 'react';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/failure';
import { ConsoleForm, useConsoleSubmit, PartSearchForm, useFieldItems, usePartSearch } from '../shared/forms';
import { AdminStockDocument, type StockRowFieldsFragment } from './stock.generated';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import { useStockActions } from './useStockActions';

/**
 * Console → Stock (decision 050): the parts running low (10 or fewer available everywhere), or any part by its
 * number; each part's counts by warehouse set with a reason (audited). Deliveries go to waiting backorders first.
 */
export function StockView() {
  const t = useT();
  const { value: search, search: setSearch } = usePartSearch('part');
  const [editing, setEditing] = useState<StockRowFieldsFragment | null>(null);
  const { data, error, loading } = useQuery(AdminStockDocument, {
    variables: { search: search || null },
    fetchPolicy: 'cache-and-network',
  });
  const rows = data?.adminStock ?? [];
  const count = (row: StockRowFieldsFragment, id: string) => row.warehouses.find((w) => w.warehouseId === id);
  const cell = (id: string) => (_: unknown, row: StockRowFieldsFragment) => {
    const w = count(row, id);
    return w
      ? t('admin.stock.counts', { available: w.available, onHand: w.onHand, reserved: w.reserved })
      : '—';
  };
  return (
    <>
      <PartSearchForm
        id="stock-part"
        value={search}
        onSearch={setSearch}
        button={t('admin.stock.show')}
        loading={loading}
      />
      <Typography.Paragraph>
        {search ? t('admin.stock.found', { search }) : t('admin.stock.low')}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon role="alert" message={errorMessage(error, '')} />}
      <ResponsiveTable<StockRowFieldsFragment>
        label={t('admin.stock')}
        rowKey="productId"
        dataSource={rows}
        loading={loading && !data}
        pagination={{ pageSize: 25 }}
        columns={[
          {
            title: t('admin.prices.partNumber'),
            dataIndex: 'productId',
            render: (v: string) => <code>{v}</code>,
          },
          { title: t('admin.stock.name'), dataIndex: 'name' },
          ...WAREHOUSES.map((w) => ({ title: w.name, key: w.id, render: cell(w.id) })),
          {
            title: t('admin.stock.backorders'),
            dataIndex: 'backorderAllowed',
            render: (allowed: boolean, row) =>
              allowed ? (
                <Tag color="blue">{t('admin.stock.backorderDays', { days: row.leadTimeDays })}</Tag>
              ) : (
                <Tag>{t('admin.stock.noBackorders')}</Tag>
              ),
          },
          {
            title: t('admin.stock.actions'),
            key: 'actions',
            render: (_: unknown, row) => (
              <Button
                onClick={() => setEditing(row)}
                aria-label={t('admin.stock.adjustPart', { id: row.productId })}
              >
                {t('admin.stock.adjust')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing ? t('admin.stock.adjustPart', { id: editing.productId }) : ''}
        footer={null}
        destroyOnHidden
        onCancel={() => setEditing(null)}
      >
        {editing && <AdjustForm row={editing} onDone={() => setEditing(null)} />}
        {editing && <MaxOrderForm row={editing} onDone={() => setEditing(null)} />}
      </Modal>
    </>
  );
}

interface AdjustValues {
  levels: { warehouseId: string; onHand: number | null }[];
  reason: string;
}

function AdjustForm({ row, onDone }: { row: StockRowFieldsFragment; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const { adjust } = useStockActions();
  const submit = useConsoleSubmit(async (values: AdjustValues) => {
    await adjust({
      variables: {
        productId: row.productId,
        input: {
          levels: values.levels.map((l) => ({ warehouseId: l.warehouseId, onHand: l.onHand ?? -1 })),
          reason: values.reason,
        },
      },
    });
    message.success(t('admin.saved'));
    onDone();
  });
  return (
    <Formik<AdjustValues>
      initialValues={{
        levels: row.warehouses.map((w) => ({ warehouseId: w.warehouseId, onHand: w.onHand })),
        reason: '',
      }}
      validationSchema={stockAdjustmentSchema}
      onSubmit={submit}
    >
      {(formik) => <AdjustFields formik={formik} row={row} />}
    </Formik>
  );
}

function AdjustFields({ formik, row }: { formik: FormikProps<AdjustValues>; row: StockRowFieldsFragment }) {
  const t = useT();
  const { item } = useFieldItems(formik, 'stock-');
  return (
    <ConsoleForm formik={formik}>
      <Typography.Paragraph>
        {row.name} · {row.brand}
      </Typography.Paragraph>
      <Space wrap align="start">
        {formik.values.levels.map((l, i) => {
          const w = row.warehouses[i]!;
          return (
            <Form.Item
              key={l.warehouseId}
              {...item(`levels[${i}].onHand`, t('admin.stock.onHandAt', { name: w.name }))}
              extra={t('admin.stock.reserved', { reserved: w.reserved })}
            >
              <InputNumber
                id={`stock-levels[${i}].onHand`}
                min={0}
                precision={0}
                value={l.onHand}
                onChange={(v) => void formik.setFieldValue(`levels[${i}].onHand`, v)}
                onBlur={() => void formik.setFieldTouched(`levels[${i}].onHand`, true, false)}
              />
            </Form.Item>
          );
        })}
      </Space>
      <Form.Item {...item('reason', t('admin.stock.reason'))}>
        <Input
          id="stock-reason"
          value={formik.values.reason}
          onChange={(e) => void formik.setFieldValue('reason', e.target.value)}
          onBlur={() => void formik.setFieldTouched('reason', true, false)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        {t('admin.stock.save')}
      </Button>
    </ConsoleForm>
  );
}

interface MaxOrderValues {
  maxOrderQuantity: number | null;
}

/** A part's maximum per order (decision 063): empty for none, else a whole number from its minimum. */
function MaxOrderForm({ row, onDone }: { row: StockRowFieldsFragment; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const { setMaxOrderQuantity } = useStockActions();
  const submit = useConsoleSubmit(async (values: MaxOrderValues) => {
    await setMaxOrderQuantity({
      variables: { productId: row.productId, maxOrderQuantity: values.maxOrderQuantity },
    });
    message.success(t('admin.saved'));
    onDone();
  });
  return (
    <Formik<MaxOrderValues>
      initialValues={{ maxOrderQuantity: row.maxOrderQuantity ?? null }}
      validationSchema={maxOrderQuantitySchema(row.minimumQuantity)}
      onSubmit={submit}
    >
      {(formik) => <MaxOrderFields formik={formik} row={row} />}
    </Formik>
  );
}

function MaxOrderFields({
  formik,
  row,
}: {
  formik: FormikProps<MaxOrderValues>;
  row: StockRowFieldsFragment;
}) {
  const t = useT();
  const { item } = useFieldItems(formik, 'stock-');
  return (
    <ConsoleForm formik={formik}>
      <Form.Item
        {...item('maxOrderQuantity', t('admin.stock.maxOrder'))}
        extra={t('admin.stock.maxOrderHint', { min: row.minimumQuantity })}
      >
        <InputNumber
          id="stock-maxOrderQuantity"
          min={row.minimumQuantity}
          precision={0}
          value={formik.values.maxOrderQuantity}
          onChange={(v) => void formik.setFieldValue('maxOrderQuantity', v ?? null)}
          onBlur={() => void formik.setFieldTouched('maxOrderQuantity', true, false)}
        />
      </Form.Item>
      <Button htmlType="submit" loading={formik.isSubmitting}>
        {t('admin.stock.saveMax')}
      </Button>
    </ConsoleForm>
  );
}
