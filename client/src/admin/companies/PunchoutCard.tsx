import { useQuery } from '@apollo/client/react';
import { PUNCHOUT_ENVIRONMENTS, punchoutCredentialSchema } from '@domain/punchout';
import { Alert, App, Button, Card, Checkbox, Form, Input, Select, Space, Typography } from 'antd';
import { Formik, type FormikHelpers, type FormikProps } from 'formik';
import { useState } from 'react';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { ConsoleForm, useConsoleSubmit, useFieldItems } from '../shared/forms';
import type { AdminCompanyFieldsFragment } from './companies.generated';
import { PunchoutCardDocument, type PunchoutCredentialFieldsFragment } from './punchout.generated';
import { PunchoutMessages } from './PunchoutMessages';
import { PunchoutSessions } from './PunchoutSessions';
import { useRotatePunchoutSecret, useSavePunchoutCredential } from './usePunchout';

/* The company record's Punchout card (issue 57, decision 073): the procurement system's credential, kept by staff. */

interface PunchoutValues {
  systemName: string;
  fromDomain: string;
  fromIdentity: string;
  senderDomain: string;
  senderIdentity: string;
  returnUrls: { environment: string; url: string }[];
  actingUserId: string;
  ociUsername: string;
  ociPassword: string;
  statusUrl: string;
  statusCredential: string;
  enabled: boolean;
}

const valuesOf = (c: PunchoutCredentialFieldsFragment | null): PunchoutValues => ({
  systemName: c?.systemName ?? '',
  fromDomain: c?.fromDomain ?? 'NetworkID',
  fromIdentity: c?.fromIdentity ?? '',
  senderDomain: c?.senderDomain ?? 'NetworkID',
  senderIdentity: c?.senderIdentity ?? '',
  returnUrls: c?.returnUrls.map((r) => ({ environment: r.environment, url: r.url })) ?? [],
  actingUserId: c?.actingUserId ?? '',
  ociUsername: c?.ociUsername ?? '',
  ociPassword: '',
  statusUrl: c?.statusUrl ?? '',
  statusCredential: '',
  enabled: c?.enabled ?? true,
});

/** The card: the credential's form, its shared secret (made here, shown once) and the latest documents. */
export function PunchoutCard({ company }: { company: AdminCompanyFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  const [page, setPage] = useState(1);
  const { data, loading, error } = useQuery(PunchoutCardDocument, {
    variables: { companyId: company.id, page },
    fetchPolicy: 'cache-and-network',
  });
  const [rotate, { loading: rotating }] = useRotatePunchoutSecret();
  const [secret, setSecret] = useState<string | null>(null);
  // The form opens on demand: the company record stays light to read.
  const [editing, setEditing] = useState(false);
  const [rotateError, setRotateError] = useState<string | null>(null);
  const credential = data?.punchoutCredential ?? null;
  const makeSecret = () => {
    setRotateError(null);
    rotate({ variables: { companyId: company.id } }).then(
      ({ data: made }) => setSecret(made?.rotatePunchoutSecret.secret ?? null),
      (err: unknown) => setRotateError(errorMessage(err, t('admin.saveFailed'))),
    );
  };
  return (
    <Card title={t('admin.punchout.title')} loading={loading && !data}>
      {error && <Alert type="error" showIcon message={errorMessage(error, t('admin.punchout.loadFailed'))} />}
      {!credential && !error && (
        <Typography.Paragraph type="secondary">{t('admin.punchout.none')}</Typography.Paragraph>
      )}
      {editing ? (
        <CredentialForm company={company} credential={credential} />
      ) : (
        <Space direction="vertical" size={8}>
          {credential && (
            <Typography.Text>
              {t('admin.punchout.summary', {
                system: credential.systemName,
                identity: `${credential.fromDomain} ${credential.fromIdentity}`,
              })}
              {!credential.enabled && ` ${t('admin.punchout.off')}`}
            </Typography.Text>
          )}
          <Button onClick={() => setEditing(true)}>
            {credential ? t('admin.punchout.edit') : t('admin.punchout.setUp')}
          </Button>
        </Space>
      )}
      {credential && (
        <Space direction="vertical" size={8} style={{ width: '100%', marginTop: 16 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('admin.punchout.secret')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {credential.hasSecret ? t('admin.punchout.secretSet') : t('admin.punchout.secretNone')}
            {credential.previousSecretUntil &&
              ` ${t('admin.punchout.previousUntil', { date: dates.moment(credential.previousSecretUntil) })}`}
          </Typography.Text>
          {secret && (
            <Alert
              type="warning"
              showIcon
              message={t('admin.punchout.copyNow')}
              description={
                <Typography.Paragraph
                  copyable={{ text: secret }}
                  style={{ wordBreak: 'break-all', margin: 0 }}
                >
                  <code>{secret}</code>
                </Typography.Paragraph>
              }
              closable
              onClose={() => setSecret(null)}
            />
          )}
          {rotateError && <Alert type="error" showIcon role="alert" message={rotateError} />}
          <div>
            <Button onClick={makeSecret} loading={rotating}>
              {credential.hasSecret ? t('admin.punchout.rotate') : t('admin.punchout.makeSecret')}
            </Button>
          </div>
        </Space>
      )}
      {data && data.punchoutSessions.length > 0 && <PunchoutSessions sessions={data.punchoutSessions} />}
      {data && data.punchoutMessages.total > 0 && (
        <PunchoutMessages page={data.punchoutMessages} onPage={setPage} />
      )}
    </Card>
  );
}

function CredentialForm({
  company,
  credential,
}: {
  company: AdminCompanyFieldsFragment;
  credential: PunchoutCredentialFieldsFragment | null;
}) {
  const t = useT();
  const { message } = App.useApp();
  const [save] = useSavePunchoutCredential();
  const submit = useConsoleSubmit(async (values: PunchoutValues, helpers: FormikHelpers<PunchoutValues>) => {
    const input = punchoutCredentialSchema.cast({
      ...values,
      actingUserId: values.actingUserId || null,
      ociUsername: values.ociUsername || null,
      ociPassword: values.ociPassword || null,
      statusUrl: values.statusUrl || null,
      statusCredential: values.statusCredential || null,
    });
    const { data } = await save({ variables: { companyId: company.id, input } });
    message.success(t('admin.saved'));
    helpers.resetForm({ values: valuesOf(data?.savePunchoutCredential ?? null) });
  });
  return (
    <Formik<PunchoutValues>
      initialValues={valuesOf(credential)}
      validationSchema={punchoutCredentialSchema}
      onSubmit={submit}
      enableReinitialize
    >
      {(formik) => <CredentialFields formik={formik} company={company} credential={credential} />}
    </Formik>
  );
}

function CredentialFields({
  formik,
  company,
  credential,
}: {
  formik: FormikProps<PunchoutValues>;
  company: AdminCompanyFieldsFragment;
  credential: PunchoutCredentialFieldsFragment | null;
}) {
  const t = useT();
  const { item } = useFieldItems(formik, 'punchout-');
  const text = (name: keyof PunchoutValues, extra: object = {}) => ({
    id: `punchout-${name}`,
    value: formik.values[name] as string,
    onChange: (e: { target: { value: string } }) => void formik.setFieldValue(name, e.target.value),
    onBlur: () => void formik.setFieldTouched(name, true, false),
    ...extra,
  });
  const field = (name: keyof PunchoutValues, label: string, extra: object = {}) => (
    <Form.Item {...item(name, label)}>
      <Input {...text(name, extra)} />
    </Form.Item>
  );
  const urls = formik.values.returnUrls;
  const setUrls = (next: PunchoutValues['returnUrls']) => void formik.setFieldValue('returnUrls', next);
  const kept = t('admin.punchout.kept');
  return (
    <ConsoleForm formik={formik}>
      {field('systemName', t('admin.punchout.systemName'), { placeholder: 'SAP Ariba' })}
      <div className="console-punchout-grid">
        {field('fromDomain', t('admin.punchout.fromDomain'))}
        {field('fromIdentity', t('admin.punchout.fromIdentity'))}
        {field('senderDomain', t('admin.punchout.senderDomain'))}
        {field('senderIdentity', t('admin.punchout.senderIdentity'))}
      </div>
      <Form.Item label={t('admin.punchout.returnUrls')} extra={t('admin.punchout.returnUrlsHelp')}>
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          {urls.map((u, i) => (
            <Form.Item key={i} {...item(`returnUrls[${i}].url`, '')} style={{ margin: 0 }}>
              <div className="console-punchout-url">
                <Select
                  aria-label={t('admin.punchout.environment')}
                  value={u.environment}
                  options={PUNCHOUT_ENVIRONMENTS.map((e) => ({
                    value: e,
                    label: t(`admin.punchout.env.${e}`),
                  }))}
                  onChange={(environment) =>
                    setUrls(urls.map((x, j) => (j === i ? { ...x, environment } : x)))
                  }
                />
                <Input
                  id={`punchout-returnUrls[${i}].url`}
                  aria-label={t('admin.punchout.returnUrl')}
                  value={u.url}
                  onChange={(e) => setUrls(urls.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))}
                />
                <Button onClick={() => setUrls(urls.filter((_, j) => j !== i))}>
                  {t('admin.punchout.remove')}
                </Button>
              </div>
            </Form.Item>
          ))}
          <Button onClick={() => setUrls([...urls, { environment: 'production', url: '' }])}>
            {t('admin.punchout.addUrl')}
          </Button>
        </Space>
      </Form.Item>
      <Form.Item
        {...item('actingUserId', t('admin.punchout.actingUser'))}
        extra={t('admin.punchout.actingUserHelp')}
      >
        <Select
          id="punchout-actingUserId"
          value={formik.values.actingUserId}
          onChange={(v: string) => void formik.setFieldValue('actingUserId', v)}
          options={[
            { value: '', label: t('admin.punchout.perBuyer') },
            ...company.people.map((p) => ({ value: p.userId, label: `${p.name} · ${p.email}` })),
          ]}
        />
      </Form.Item>
      <div className="console-punchout-grid">
        {field('ociUsername', t('admin.punchout.ociUsername'))}
        <Form.Item {...item('ociPassword', t('admin.punchout.ociPassword'))}>
          <Input.Password
            {...text('ociPassword', { autoComplete: 'new-password' })}
            placeholder={credential?.hasOciPassword ? kept : undefined}
          />
        </Form.Item>
        {field('statusUrl', t('admin.punchout.statusUrl'))}
        <Form.Item {...item('statusCredential', t('admin.punchout.statusCredential'))}>
          <Input.Password
            {...text('statusCredential', { autoComplete: 'new-password' })}
            placeholder={credential?.hasStatusCredential ? kept : undefined}
          />
        </Form.Item>
      </div>
      <Form.Item>
        <Checkbox
          id="punchout-enabled"
          checked={formik.values.enabled}
          onChange={(e) => void formik.setFieldValue('enabled', e.target.checked)}
        >
          {t('admin.punchout.enabled')}
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
        {t('admin.punchout.save')}
      </Button>
    </ConsoleForm>
  );
}
