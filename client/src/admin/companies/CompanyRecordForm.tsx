import { useQuery } from '@apollo/client/react';
import { companyRecordSchema } from '@domain/company';
import { App, Button, Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useT } from '../../i18n';
import { ConsoleForm, useConsoleSubmit, useFieldItems } from '../shared/forms';
import { type AdminApplicationFieldsFragment, type AdminCompanyFieldsFragment } from './companies.generated';
import { AdminPriceListsDocument } from '../shared/shared.generated';
import { useCompanyRecordActions } from './useCompanyActions';

/* A company's record as staff keep it (decision 046), and as they settle it to approve an application (047). */

interface RecordValues {
  name: string;
  erpAccountId: string;
  erpVerified: boolean;
  taxExempt: boolean;
  taxCertificate: string;
  taxCertificateExpires: string;
  netTermsDays: number | null;
  creditLimit: number | null;
  priceListId: string;
}

/**
 * A company's record: new (null), the one shown, or the company an application asks for (approved with the record,
 * which makes it). Saved, `onSaved` gets the company's id.
 */
export function RecordForm({
  company,
  application,
  onSaved,
}: {
  company: AdminCompanyFieldsFragment | null;
  application?: AdminApplicationFieldsFragment;
  onSaved: (id: string) => void;
}) {
  const t = useT();
  const { save, approve } = useCompanyRecordActions();
  const { message } = App.useApp();
  const initial: RecordValues = {
    name: company?.name ?? application?.name ?? '',
    erpAccountId: company?.erpAccountId ?? application?.erpAccountId ?? '',
    erpVerified: company?.erpVerified ?? false,
    taxExempt: company?.taxExempt ?? Boolean(application?.taxCertificate),
    taxCertificate: company?.taxCertificate ?? application?.taxCertificate ?? '',
    taxCertificateExpires: company?.taxCertificateExpires ?? application?.taxCertificateExpires ?? '',
    netTermsDays: company?.netTermsDays ?? null,
    creditLimit: company?.creditLimit ?? null,
    priceListId: company?.priceListId ?? '',
  };
  const submit = useConsoleSubmit(async (values: RecordValues, helpers: FormikHelpers<RecordValues>) => {
    const input = companyRecordSchema.cast(values);
    if (application) {
      const { data } = await approve({ variables: { id: application.id, input } });
      message.success(t('admin.applications.approved'));
      onSaved(data!.approveCompanyApplication.companyId!);
    } else {
      const { data } = await save({ variables: { id: company?.id ?? null, input } });
      message.success(t('admin.saved'));
      helpers.resetForm({ values });
      onSaved(data!.saveAdminCompany.id);
    }
  });
  return (
    <Formik<RecordValues>
      initialValues={initial}
      validationSchema={companyRecordSchema}
      onSubmit={submit}
      enableReinitialize
    >
      {(formik) => (
        <RecordFields
          formik={formik}
          idPrefix={company ? 'company-' : application ? 'approve-' : 'new-company-'}
          submitLabel={application ? t('admin.applications.approve') : t('admin.companies.save')}
        />
      )}
    </Formik>
  );
}

function RecordFields({
  formik,
  idPrefix,
  submitLabel,
}: {
  formik: FormikProps<RecordValues>;
  idPrefix: string;
  submitLabel: string;
}) {
  const t = useT();
  const { item } = useFieldItems(formik, idPrefix);
  const lists = useQuery(AdminPriceListsDocument);
  const text = (name: keyof RecordValues) => ({
    id: `${idPrefix}${name}`,
    value: formik.values[name] as string,
    onChange: (e: { target: { value: string } }) => void formik.setFieldValue(name, e.target.value),
    onBlur: () => void formik.setFieldTouched(name, true, false),
  });
  const check = (name: 'erpVerified' | 'taxExempt', label: string) => (
    <Form.Item>
      <Checkbox
        id={`${idPrefix}${name}`}
        checked={formik.values[name]}
        onChange={(e) => void formik.setFieldValue(name, e.target.checked)}
      >
        {label}
      </Checkbox>
      {item(name, label).help && <div className="ant-form-item-explain-error">{item(name, label).help}</div>}
    </Form.Item>
  );
  return (
    <ConsoleForm formik={formik}>
      <Form.Item {...item('name', t('admin.companies.name'))}>
        <Input {...text('name')} />
      </Form.Item>
      <Form.Item {...item('erpAccountId', t('admin.companies.erp'))}>
        <Input
          {...text('erpAccountId')}
          onChange={(e) => {
            void formik.setFieldValue('erpAccountId', e.target.value);
            // Another number has not been checked: staff tick the box again once they have.
            void formik.setFieldValue('erpVerified', false);
          }}
        />
      </Form.Item>
      {check('erpVerified', t('admin.companies.erpChecked'))}
      {check('taxExempt', t('admin.companies.taxExempt'))}
      {formik.values.taxExempt && (
        <Space wrap size={16} align="start">
          <Form.Item {...item('taxCertificate', t('admin.companies.certificate'))}>
            <Input {...text('taxCertificate')} />
          </Form.Item>
          <Form.Item {...item('taxCertificateExpires', t('admin.companies.certificateExpires'))}>
            <Input type="date" {...text('taxCertificateExpires')} />
          </Form.Item>
        </Space>
      )}
      <Space wrap size={16} align="start">
        <Form.Item
          {...item('netTermsDays', t('admin.companies.netTermsDays'))}
          extra={t('admin.companies.noneIfEmpty')}
        >
          <InputNumber
            id={`${idPrefix}netTermsDays`}
            min={1}
            value={formik.values.netTermsDays}
            onChange={(v) => void formik.setFieldValue('netTermsDays', v)}
            onBlur={() => void formik.setFieldTouched('netTermsDays', true, false)}
          />
        </Form.Item>
        <Form.Item
          {...item('creditLimit', t('admin.companies.creditLimit'))}
          extra={t('admin.companies.noneIfEmpty')}
        >
          <InputNumber
            id={`${idPrefix}creditLimit`}
            min={0}
            step={100}
            style={{ width: 180 }}
            value={formik.values.creditLimit}
            onChange={(v) => void formik.setFieldValue('creditLimit', v)}
            onBlur={() => void formik.setFieldTouched('creditLimit', true, false)}
          />
        </Form.Item>
      </Space>
      <Form.Item
        {...item('priceListId', t('admin.companies.priceList'))}
        extra={t('admin.companies.priceListHint')}
      >
        <Select
          id={`${idPrefix}priceListId`}
          allowClear
          style={{ maxWidth: 360 }}
          placeholder={t('admin.companies.noPriceList')}
          value={formik.values.priceListId || undefined}
          onChange={(v?: string) => void formik.setFieldValue('priceListId', v ?? '')}
          options={(lists.data?.adminPriceLists ?? []).map((l) => ({
            value: l.id,
            label: t('admin.companies.priceListOption', { id: l.id, count: l.products }),
          }))}
        />
      </Form.Item>
      <div>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </ConsoleForm>
  );
}
