import { useQuery } from '@apollo/client/react';
import { erpItemFieldSchema } from '@domain/erp';
import { savingPct } from '@domain/price-breaks';
import { Alert, App, Button, Card, Empty, Form, Input, InputNumber, Space, Typography } from 'antd';
import { FieldArray, Formik, type FormikProps } from 'formik';
import { useT } from '../../i18n';
import { errorMessage } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { ConsoleForm, useConsoleSubmit, PartSearchForm, useFieldItems, usePartSearch } from '../shared/forms';
import { AdminProductPricesDocument, type ProductPricesFieldsFragment } from './prices.generated';
import { useSetPriceBreaks, useSetProductErpItem } from './usePriceActions';

type PriceList = ProductPricesFieldsFragment['lists'][number];

/**
 * Console → Prices (decision 048): a part number shows every list pricing it (the catalogue's, sites', customer
 * lists) with its volume prices; each list's are saved on their own, refused row by row by the server's rule.
 */
export function PricesView() {
  const t = useT();
  const { value: productId, search } = usePartSearch('product');
  const { data, error, loading } = useQuery(AdminProductPricesDocument, {
    variables: { productId },
    skip: !productId,
    fetchPolicy: 'cache-and-network',
  });
  const product = data?.adminProductPrices;
  return (
    <>
      <PartSearchForm
        id="prices-product"
        value={productId}
        onSearch={search}
        button={t('admin.prices.show')}
        loading={loading}
      />
      {!productId && <Typography.Paragraph>{t('admin.prices.intro')}</Typography.Paragraph>}
      {productId && error && <Alert type="error" showIcon role="alert" message={errorMessage(error, '')} />}
      {productId && product && (
        <>
          <Typography.Title level={2} style={{ fontSize: 20 }}>
            {product.name} <code>{product.productId}</code>
          </Typography.Title>
          <ErpItemNumber productId={product.productId} erpItemId={product.erpItemId ?? null} />
          {product.lists.length === 0 && <Empty description={t('admin.prices.noList')} />}
          {product.lists.map((list) => (
            <ListBreaks key={list.priceListId} productId={product.productId} list={list} />
          ))}
        </>
      )}
    </>
  );
}

/**
 * The part's ERP item number (decision 071): what the order events' sales orders give the ERP for its lines. Empty,
 * the part number is the ERP's.
 */
function ErpItemNumber({ productId, erpItemId }: { productId: string; erpItemId: string | null }) {
  const t = useT();
  const { message } = App.useApp();
  const [save] = useSetProductErpItem();
  const submit = useConsoleSubmit(async (values: { erpItemId: string }) => {
    await save({ variables: { productId, erpItemId: values.erpItemId.trim() } });
    message.success(t('admin.saved'));
  });
  return (
    <Card title={t('admin.prices.erpItem')} size="small" style={{ marginBottom: 16, maxWidth: 640 }}>
      <Formik
        initialValues={{ erpItemId: erpItemId ?? '' }}
        validationSchema={erpItemFieldSchema}
        onSubmit={submit}
        enableReinitialize
      >
        {(formik) => <ErpItemField formik={formik} productId={productId} />}
      </Formik>
    </Card>
  );
}

function ErpItemField({
  formik,
  productId,
}: {
  formik: FormikProps<{ erpItemId: string }>;
  productId: string;
}) {
  const t = useT();
  const { item, error } = useFieldItems(formik, 'prices-');
  return (
    <ConsoleForm formik={formik}>
      <Form.Item
        {...item('erpItemId', t('admin.prices.erpItemNumber'))}
        help={error('erpItemId') ?? t('admin.prices.erpItemHelp', { part: productId })}
      >
        <Input
          id="prices-erpItemId"
          value={formik.values.erpItemId}
          onChange={(e) => void formik.setFieldValue('erpItemId', e.target.value)}
          onBlur={() => void formik.setFieldTouched('erpItemId', true, false)}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        {t('admin.prices.saveErpItem')}
      </Button>
    </ConsoleForm>
  );
}

interface BreakRow {
  minQuantity: number | null;
  price: number | null;
}

function ListBreaks({ productId, list }: { productId: string; list: PriceList }) {
  const t = useT();
  const money = useMoney(list.currency);
  const { message } = App.useApp();
  const [save] = useSetPriceBreaks();
  const idPrefix = `list-${list.priceListId || 'catalogue'}-`;
  const title = list.siteId
    ? t('admin.prices.site', { site: list.siteId })
    : list.priceListId
      ? t('admin.prices.customerList', { id: list.priceListId })
      : t('admin.prices.catalogue');
  const submit = useConsoleSubmit(async (values: { breaks: BreakRow[] }) => {
    await save({
      variables: {
        productId,
        priceListId: list.priceListId,
        breaks: values.breaks.map((b) => ({ minQuantity: b.minQuantity ?? 0, price: b.price ?? -1 })),
      },
    });
    message.success(t('admin.saved'));
  });
  return (
    <Card title={title} size="small" style={{ marginBottom: 16, maxWidth: 640 }}>
      <Typography.Paragraph>{t('admin.prices.forOne', { price: money(list.price) })}</Typography.Paragraph>
      <Formik<{ breaks: BreakRow[] }>
        initialValues={{ breaks: list.breaks.map((b) => ({ minQuantity: b.minQuantity, price: b.price })) }}
        onSubmit={submit}
        enableReinitialize
      >
        {(formik) => <BreakRows formik={formik} idPrefix={idPrefix} forOne={list.price} />}
      </Formik>
    </Card>
  );
}

function BreakRows({
  formik,
  idPrefix,
  forOne,
}: {
  formik: FormikProps<{ breaks: BreakRow[] }>;
  idPrefix: string;
  forOne: number;
}) {
  const t = useT();
  const { item } = useFieldItems(formik, idPrefix);
  const rows = formik.values.breaks;
  return (
    <ConsoleForm formik={formik}>
      <FieldArray name="breaks">
        {(helpers) => (
          <>
            {rows.length === 0 && (
              <Typography.Paragraph type="secondary">{t('admin.prices.none')}</Typography.Paragraph>
            )}
            {rows.map((row, i) => {
              const quantity = `breaks[${i}].minQuantity`;
              const price = `breaks[${i}].price`;
              const label = (field: string) => t('admin.prices.rowField', { field, row: i + 1 });
              return (
                <Space key={i} align="start" wrap style={{ display: 'flex' }}>
                  <Form.Item {...item(quantity, label(t('admin.prices.fromQuantity')))}>
                    <InputNumber
                      id={`${idPrefix}${quantity}`}
                      precision={0}
                      value={row.minQuantity}
                      onChange={(v) => void formik.setFieldValue(quantity, v)}
                      onBlur={() => void formik.setFieldTouched(quantity, true, false)}
                    />
                  </Form.Item>
                  <Form.Item {...item(price, label(t('admin.prices.unitPrice')))}>
                    <InputNumber
                      id={`${idPrefix}${price}`}
                      step={0.01}
                      precision={2}
                      value={row.price}
                      onChange={(v) => void formik.setFieldValue(price, v)}
                      onBlur={() => void formik.setFieldTouched(price, true, false)}
                    />
                  </Form.Item>
                  <div className="ant-form-item">
                    <div style={{ paddingBottom: 8 }}>{t('admin.prices.saving')}</div>
                    <span>
                      {row.price !== null && row.price < forOne
                        ? t('price.tiers.pct', { pct: savingPct(forOne, row.price) })
                        : '—'}
                    </span>
                  </div>
                  <Form.Item label=" ">
                    <Button onClick={() => helpers.remove(i)}>
                      {t('admin.prices.remove', { row: i + 1 })}
                    </Button>
                  </Form.Item>
                </Space>
              );
            })}
            <Space wrap>
              <Button
                onClick={() => {
                  const last = rows[rows.length - 1];
                  helpers.push({ minQuantity: (last?.minQuantity ?? 1) * 5, price: null });
                }}
              >
                {t('admin.prices.add')}
              </Button>
              <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
                {t('admin.prices.save')}
              </Button>
            </Space>
          </>
        )}
      </FieldArray>
    </ConsoleForm>
  );
}
