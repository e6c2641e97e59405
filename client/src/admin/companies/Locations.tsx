import { erpShipToFieldSchema } from '@domain/erp';
import { App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { Formik, type FormikProps } from 'formik';
import { useT } from '../../i18n';
import { ConsoleForm, useConsoleSubmit, useFieldItems } from '../shared/forms';
import type { AdminCompanyFieldsFragment } from './companies.generated';
import { useSetLocationErpShipTo } from './useCompanyActions';

type Location = AdminCompanyFieldsFragment['locations'][number];

/**
 * The company's locations, each with the ERP ship-to id staff keep (decision 071): the order events' sales orders
 * give it to the ERP for orders shipped or billed there.
 */
export function Locations({ company }: { company: AdminCompanyFieldsFragment }) {
  const t = useT();
  return (
    <Card title={t('admin.companies.locations', { count: company.locations.length })}>
      {company.locations.length === 0 ? (
        <Typography.Text type="secondary">{t('admin.companies.noLocations')}</Typography.Text>
      ) : (
        <Space direction="vertical" size={12} style={{ width: '100%' }}>
          {company.locations.map((l) => (
            <LocationRow key={l.id} location={l} />
          ))}
        </Space>
      )}
    </Card>
  );
}

function LocationRow({ location }: { location: Location }) {
  const t = useT();
  const { message } = App.useApp();
  const [save] = useSetLocationErpShipTo();
  const submit = useConsoleSubmit(async (values: { erpShipToId: string }) => {
    await save({ variables: { locationId: location.id, erpShipToId: values.erpShipToId.trim() } });
    message.success(t('admin.saved'));
  });
  return (
    <section aria-label={location.label}>
      <Typography.Text strong>{location.label}</Typography.Text>
      {location.billTo && <Tag style={{ marginLeft: 8 }}>{t('company.locations.billTo')}</Tag>}
      <div style={{ color: '#595959' }}>
        {location.addressLine1}, {location.city}, {location.state} {location.zip}, {location.country}
      </div>
      <Formik
        initialValues={{ erpShipToId: location.erpShipToId ?? '' }}
        validationSchema={erpShipToFieldSchema}
        onSubmit={submit}
        enableReinitialize
      >
        {(formik) => <ShipToField formik={formik} id={location.id} />}
      </Formik>
    </section>
  );
}

function ShipToField({ formik, id }: { formik: FormikProps<{ erpShipToId: string }>; id: string }) {
  const t = useT();
  const { item } = useFieldItems(formik, `location-${id}-`);
  return (
    <ConsoleForm formik={formik}>
      <Space align="start" wrap>
        <Form.Item {...item('erpShipToId', t('admin.companies.erpShipToId'))} style={{ marginBottom: 0 }}>
          <Input
            id={`location-${id}-erpShipToId`}
            value={formik.values.erpShipToId}
            onChange={(e) => void formik.setFieldValue('erpShipToId', e.target.value)}
            onBlur={() => void formik.setFieldTouched('erpShipToId', true, false)}
          />
        </Form.Item>
        <Form.Item label=" " style={{ marginBottom: 0 }}>
          <Button htmlType="submit" loading={formik.isSubmitting}>
            {t('admin.companies.saveErpShipToId')}
          </Button>
        </Form.Item>
      </Space>
    </ConsoleForm>
  );
}
