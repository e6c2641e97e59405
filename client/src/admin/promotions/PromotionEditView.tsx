import { useQuery } from '@apollo/client/react';
import { SITE_IDS, storeInstant, storeLocalTime } from '@domain/constants';
import { orderNumberLabel } from '@domain/checkout';
import {
  PROMOTION_ACTIONS,
  PROMOTION_COMPANIES,
  promotionCodesSchema,
  promotionSchema,
  type PromotionForm,
} from '@domain/promotions.schema';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Typography,
} from 'antd';
import { Formik, useFormik, type FormikProps } from 'formik';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { useMoney } from '../../lib/money';
import {
  ConsoleForm,
  FormProblems,
  useConsoleSubmit,
  useFieldItems,
  useVersionedSubmit,
} from '../shared/forms';
import { PromotionStatus } from './PromotionsView';
import {
  AdminPromotionDocument,
  PromotionChoicesDocument,
  type AdminPromotionFieldsFragment,
  type PromotionChoicesQuery,
} from './promotions.generated';
import { usePromotionActions } from './usePromotionActions';

/** A new promotion's form: 10 % off every line, with a code, on the US sites, for everyone. */
const BLANK: PromotionForm = promotionSchema.cast({
  name: '',
  sites: ['axl', 'pay-us'],
  actionKind: 'linesPercent',
  pct: 10,
}) as PromotionForm;

/** /admin/promotions/:id (or /new): a promotion's form, its end, its codes and its latest orders. */
export function PromotionEditView() {
  const { id = 'new' } = useParams();
  const t = useT();
  const isNew = id === 'new';
  const { data, loading, refetch } = useQuery(AdminPromotionDocument, {
    variables: { id },
    skip: isNew,
    fetchPolicy: 'network-only',
  });
  const { data: choices } = useQuery(PromotionChoicesDocument, { fetchPolicy: 'cache-first' });
  const promotion = data?.adminPromotion ?? null;
  if (!isNew && loading && !promotion) return <Spin />;
  if (!isNew && !promotion) return <Alert type="error" showIcon message={t('admin.promotions.notFound')} />;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Link to=".." relative="path">
        ← {t('admin.promotions.back')}
      </Link>
      <PromotionFormCard
        key={promotion ? `${promotion.id}:${promotion.version}` : 'new'}
        promotion={promotion}
        choices={choices?.promotionChoices ?? null}
        onReload={() => void refetch()}
      />
      {promotion && <CodeBatches promotion={promotion} />}
      {promotion && <LatestOrders promotion={promotion} />}
    </Space>
  );
}

function PromotionFormCard({
  promotion,
  choices,
  onReload,
}: {
  promotion: AdminPromotionFieldsFragment | null;
  choices: PromotionChoicesQuery['promotionChoices'] | null;
  onReload: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const actions = usePromotionActions();
  const { conflict, submit } = useVersionedSubmit<PromotionForm>(
    async (values) => {
      const saved = await actions.save(
        promotion?.id ?? null,
        promotion?.version ?? null,
        promotionSchema.cast(values, { stripUnknown: true }) as PromotionForm,
      );
      message.success(t('admin.saved'));
      if (!promotion) navigate(`../${saved.id}`, { replace: true, relative: 'path' });
    },
    () => onReload(),
  );
  const formik = useFormik<PromotionForm>({
    initialValues: promotion ? (promotion.form as PromotionForm) : BLANK,
    validationSchema: promotionSchema,
    onSubmit: submit,
  });
  const money = useMoney(promotion?.currency ?? 'usd');
  return (
    <Card
      title={promotion ? promotion.name : t('admin.promotions.new')}
      extra={
        promotion && (
          <Space wrap>
            <PromotionStatus status={promotion.status} />
            <span>
              {t('admin.promotions.usage', {
                count: promotion.redemptions,
                amount: money(promotion.discountTotal),
              })}
            </span>
          </Space>
        )
      }
    >
      {conflict && (
        <div style={{ marginBottom: 16 }}>
          <FormProblems conflict={conflict} status={null} onReload={onReload} />
        </div>
      )}
      <ConsoleForm formik={formik}>
        <PromotionFields formik={formik} choices={choices} />
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
            {t('admin.promotions.save')}
          </Button>
          <Button onClick={() => formik.resetForm()} disabled={!formik.dirty}>
            {t('admin.discard')}
          </Button>
          {promotion && promotion.status !== 'ended' && (
            <Popconfirm
              title={t('admin.promotions.endConfirm')}
              onConfirm={async () => {
                await actions.end(promotion.id, promotion.version);
                onReload();
              }}
            >
              <Button danger>{t('admin.promotions.end')}</Button>
            </Popconfirm>
          )}
        </Space>
      </ConsoleForm>
    </Card>
  );
}

function PromotionFields({
  formik,
  choices,
}: {
  formik: FormikProps<PromotionForm>;
  choices: PromotionChoicesQuery['promotionChoices'] | null;
}) {
  const t = useT();
  const { item } = useFieldItems(formik);
  const { values, setFieldValue, setFieldTouched } = formik;
  const set = (name: keyof PromotionForm) => (value: unknown) => void setFieldValue(name, value);
  const blur = (name: keyof PromotionForm) => () => void setFieldTouched(name, true);
  const number = (name: keyof PromotionForm, label: string, min = 0) => (
    <Form.Item {...item(name, label)}>
      <InputNumber
        id={name}
        min={min}
        style={{ width: '100%' }}
        value={values[name] as number | null}
        onChange={set(name)}
        onBlur={blur(name)}
      />
    </Form.Item>
  );
  const toggle = (name: keyof PromotionForm, label: string) => (
    <Form.Item>
      <Space>
        <Switch id={name} checked={Boolean(values[name])} onChange={set(name)} />
        <label htmlFor={name}>{label}</label>
      </Space>
    </Form.Item>
  );
  const tags = (
    name: 'productIds' | 'categoryHandles' | 'brandIds' | 'companyIds' | 'priceListIds',
    label: string,
    options?: { value: string; label: string }[],
  ) => (
    <Form.Item {...item(name, label)}>
      <Select
        id={name}
        mode={options ? 'multiple' : 'tags'}
        value={values[name]}
        options={options}
        optionFilterProp="label"
        onChange={set(name)}
        onBlur={blur(name)}
        tokenSeparators={[',', ' ']}
      />
    </Form.Item>
  );
  const when = (name: 'startsAt' | 'endsAt', label: string) => (
    <Form.Item {...item(name, label)}>
      <Input
        id={name}
        type="datetime-local"
        value={values[name] ? storeLocalTime(values[name]!) : ''}
        onChange={(e) => void setFieldValue(name, e.target.value ? storeInstant(e.target.value) : null)}
        onBlur={blur(name)}
      />
    </Form.Item>
  );
  const kind = values.actionKind;
  return (
    <>
      <Typography.Title level={5}>{t('admin.promotions.general')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...item('name', t('admin.promotions.name'))}>
            <Input
              id="name"
              value={values.name}
              maxLength={120}
              onChange={(e) => set('name')(e.target.value)}
              onBlur={blur('name')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('code', t('admin.promotions.code'))}>
            <Input
              id="code"
              value={values.code ?? ''}
              maxLength={32}
              disabled={values.automatic}
              onChange={(e) => set('code')(e.target.value.toUpperCase() || null)}
              onBlur={blur('code')}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item {...item('note', t('admin.promotions.note'))}>
            <Input.TextArea
              id="note"
              rows={2}
              maxLength={2000}
              value={values.note}
              onChange={(e) => set('note')(e.target.value)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {toggle('automatic', t('admin.promotions.automatic'))}
        </Col>
        <Col xs={24} md={12}>
          {toggle('exclusive', t('admin.promotions.exclusive'))}
        </Col>
        <Col xs={24} md={8}>
          {when('startsAt', t('admin.promotions.startsAt'))}
        </Col>
        <Col xs={24} md={8}>
          {when('endsAt', t('admin.promotions.endsAt'))}
        </Col>
        <Col xs={24} md={8}>
          {number('priority', t('admin.promotions.priority'))}
        </Col>
        <Col xs={24}>
          <Form.Item {...item('sites', t('admin.promotions.sites'))}>
            <Select
              id="sites"
              mode="multiple"
              value={values.sites}
              options={SITE_IDS.map((s) => ({ value: s, label: s }))}
              onChange={set('sites')}
              onBlur={blur('sites')}
            />
          </Form.Item>
        </Col>
      </Row>

      <Typography.Title level={5}>{t('admin.promotions.conditions')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.promotions.lines.hint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          {tags('productIds', t('admin.promotions.productIds'))}
        </Col>
        <Col xs={24} md={8}>
          {tags('categoryHandles', t('admin.promotions.categoryHandles'), choices?.categories)}
        </Col>
        <Col xs={24} md={8}>
          {tags('brandIds', t('admin.promotions.brandIds'), choices?.brands)}
        </Col>
        <Col xs={24} md={12}>
          {number('minSubtotal', t('admin.promotions.minSubtotal'))}
        </Col>
        <Col xs={24} md={12}>
          {number('minQuantity', t('admin.promotions.minQuantity'), 1)}
        </Col>
        <Col xs={24} md={8}>
          {toggle('guests', t('admin.promotions.guests'))}
        </Col>
        <Col xs={24} md={8}>
          {toggle('signedIn', t('admin.promotions.signedIn'))}
        </Col>
        <Col xs={24} md={8}>
          {toggle('firstOrderOnly', t('admin.promotions.firstOrderOnly'))}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item {...item('companies', t('admin.promotions.companies'))}>
            <Radio.Group
              id="companies"
              value={values.companies}
              onChange={(e) => set('companies')(e.target.value)}
              options={PROMOTION_COMPANIES.map((c) => ({
                value: c,
                label: t(`admin.promotions.companies.${c}` as 'admin.promotions.companies.all'),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {values.companies === 'named' &&
            tags('companyIds', t('admin.promotions.companyIds'), choices?.companies)}
        </Col>
        <Col xs={24}>
          {tags(
            'priceListIds',
            t('admin.promotions.priceListIds'),
            choices?.priceLists.map((l) => ({ value: l, label: l })),
          )}
          <Typography.Paragraph type="secondary">
            {t('admin.promotions.priceLists.hint')}
          </Typography.Paragraph>
        </Col>
      </Row>

      <Typography.Title level={5}>{t('admin.promotions.action')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item {...item('actionKind', t('admin.promotions.actionKind'))}>
            <Select
              id="actionKind"
              value={kind}
              onChange={set('actionKind')}
              options={PROMOTION_ACTIONS.map((a) => ({
                value: a,
                label: t(`admin.promotions.action.${a}` as 'admin.promotions.action.buyGet'),
              }))}
            />
          </Form.Item>
        </Col>
        {kind === 'buyGet' && (
          <>
            <Col xs={12} md={6}>
              {number('buy', t('admin.promotions.buy'), 1)}
            </Col>
            <Col xs={12} md={6}>
              {number('get', t('admin.promotions.get'), 1)}
            </Col>
          </>
        )}
        <Col xs={24} md={6}>
          {kind === 'linesPercent' || kind === 'freightPercent' || kind === 'buyGet'
            ? number('pct', t('admin.promotions.pct'))
            : number('amount', t('admin.promotions.amount'))}
        </Col>
        <Col xs={24} md={6}>
          {number('maxDiscount', t('admin.promotions.maxDiscount'))}
        </Col>
      </Row>

      <Typography.Title level={5}>{t('admin.promotions.limits')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          {number('limitTotal', t('admin.promotions.limitTotal'), 1)}
        </Col>
        <Col xs={12} md={6}>
          {number('limitPerCustomer', t('admin.promotions.limitPerCustomer'), 1)}
        </Col>
        <Col xs={12} md={6}>
          {number('limitPerCompany', t('admin.promotions.limitPerCompany'), 1)}
        </Col>
        <Col xs={12} md={6}>
          {number('budget', t('admin.promotions.budget'))}
        </Col>
      </Row>
    </>
  );
}

/** A promotion's single-use codes: make a batch (count, prefix), each batch's use and its CSV. */
function CodeBatches({ promotion }: { promotion: AdminPromotionFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  const { message } = App.useApp();
  const actions = usePromotionActions();
  const submit = useConsoleSubmit(async (values: { count: number; prefix: string }, helpers) => {
    const batch = await actions.generate(promotion.id, values.count, values.prefix);
    message.success(t('admin.promotions.batch.made', { count: batch.count }));
    helpers.resetForm();
  });
  return (
    <Card title={t('admin.promotions.batches')}>
      <Formik
        initialValues={{ count: 100, prefix: '' }}
        validationSchema={promotionCodesSchema}
        onSubmit={submit}
      >
        {(formik) => <BatchFields formik={formik} />}
      </Formik>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={promotion.batches}
        locale={{ emptyText: '—' }}
        columns={[
          {
            title: t('admin.promotions.batch.prefix'),
            dataIndex: 'prefix',
            render: (p: string) => <code>{p || '—'}</code>,
          },
          {
            title: t('admin.promotions.batch.count'),
            key: 'count',
            render: (_: unknown, b) => t('admin.promotions.batch.used', { used: b.used, count: b.count }),
          },
          {
            title: t('admin.promotions.batch.createdAt'),
            dataIndex: 'createdAt',
            render: (at: string) => dates.moment(at),
          },
          {
            title: t('admin.promotions.batch.codes'),
            key: 'csv',
            render: (_: unknown, b) => (
              <a href={`/api/admin/promotions/${promotion.id}/codes.csv?batch=${b.id}`} download>
                {t('admin.promotions.batch.csv')}
              </a>
            ),
          },
        ]}
      />
    </Card>
  );
}

function BatchFields({ formik }: { formik: FormikProps<{ count: number; prefix: string }> }) {
  const t = useT();
  const { item } = useFieldItems(formik, 'batch-');
  return (
    <ConsoleForm formik={formik}>
      <Space wrap align="end">
        <Form.Item {...item('count', t('admin.promotions.batch.count'))}>
          <InputNumber
            id="batch-count"
            min={1}
            max={10_000}
            value={formik.values.count}
            onChange={(v) => void formik.setFieldValue('count', v)}
          />
        </Form.Item>
        <Form.Item {...item('prefix', t('admin.promotions.batch.prefix'))}>
          <Input
            id="batch-prefix"
            maxLength={12}
            value={formik.values.prefix}
            onChange={(e) => void formik.setFieldValue('prefix', e.target.value.toUpperCase())}
          />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={formik.isSubmitting}>
            {t('admin.promotions.batch.generate')}
          </Button>
        </Form.Item>
      </Space>
    </ConsoleForm>
  );
}

/** The 20 latest orders that took the promotion, with what each took (and whether it was given back). */
function LatestOrders({ promotion }: { promotion: AdminPromotionFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  const money = useMoney(promotion.currency ?? 'usd');
  return (
    <Card title={t('admin.promotions.latest')}>
      <Table
        rowKey={(r) => `${r.orderId}`}
        size="small"
        pagination={false}
        scroll={{ x: 600 }}
        dataSource={promotion.redemptionsLatest}
        locale={{ emptyText: '—' }}
        columns={[
          {
            title: t('admin.orders'),
            key: 'order',
            render: (_: unknown, r) => (
              <Link to={`../../orders/${r.orderId}`} relative="path">
                {orderNumberLabel(r.orderNumber)}
              </Link>
            ),
          },
          { title: t('admin.contactEmail'), dataIndex: 'email' },
          {
            title: t('admin.promotions.discountTotal'),
            key: 'amount',
            align: 'right',
            render: (_: unknown, r) =>
              `${money(r.amount + r.freightAmount)}${r.released ? ` (${t('admin.promotions.released')})` : ''}`,
          },
          {
            title: t('admin.promotions.placed'),
            dataIndex: 'createdAt',
            render: (at: string) => dates.moment(at),
          },
        ]}
      />
    </Card>
  );
}
