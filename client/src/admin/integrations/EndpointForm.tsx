import { WEBHOOK_EVENT_TYPES, webhookEndpointSchema } from '@domain/webhooks';
import { App, Button, Checkbox, Form, Input, Modal, Space } from 'antd';
import { Formik, getIn, type FormikProps } from 'formik';
import { useMessage, useT } from '../../i18n';
import { ConsoleForm, useConsoleSubmit, useFieldItems } from '../shared/forms';
import type { WebhookEndpointFieldsFragment } from './integrations.generated';
import { EVENT_LABELS } from './labels';
import { useWebhookActions } from './useWebhookActions';

interface EndpointValues {
  url: string;
  events: string[];
  description: string;
  enabled: boolean;
}

/**
 * The console checks the address as the store does outside production (http only to this machine); in production
 * the store refuses http itself, and its message shows next to the field.
 */
const schema = webhookEndpointSchema(false);

/**
 * A new endpoint (`endpoint` null; `onCreated` gets its secret, to show once) or a change to one: its address, the
 * events it receives, a description and, once it exists, whether it is on.
 */
export function EndpointForm({
  endpoint,
  onClose,
  onCreated,
}: {
  endpoint: WebhookEndpointFieldsFragment | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const t = useT();
  const { message } = App.useApp();
  const { create, update } = useWebhookActions();
  const submit = useConsoleSubmit(async (values: EndpointValues) => {
    const input = schema.cast(values, { stripUnknown: true });
    if (!endpoint) {
      onCreated(await create(input));
      return;
    }
    await update(endpoint.id, { ...input, enabled: values.enabled });
    message.success(t('admin.saved'));
    onClose();
  });
  const initial: EndpointValues = {
    url: endpoint?.url ?? '',
    events: endpoint?.events ?? [],
    description: endpoint?.description ?? '',
    enabled: endpoint?.enabled ?? true,
  };
  return (
    <Modal
      open
      title={endpoint ? t('admin.integrations.editTitle') : t('admin.integrations.new')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Formik<EndpointValues> initialValues={initial} validationSchema={schema} onSubmit={submit}>
        {(formik) => <EndpointFields formik={formik} editing={Boolean(endpoint)} onCancel={onClose} />}
      </Formik>
    </Modal>
  );
}

function EndpointFields({
  formik,
  editing,
  onCancel,
}: {
  formik: FormikProps<EndpointValues>;
  editing: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  const translated = useMessage();
  const { item } = useFieldItems(formik, 'webhook-');
  // A refusal of one event type comes as `events[n]`: its message, next to the group.
  const eventsError = (() => {
    const found = getIn(formik.errors, 'events') as string | (string | undefined)[] | undefined;
    const text = Array.isArray(found) ? found.find(Boolean) : found;
    return text && (formik.submitCount > 0 || getIn(formik.touched, 'events')) ? translated(text) : undefined;
  })();
  const text = (name: 'url' | 'description') => ({
    id: `webhook-${name}`,
    value: formik.values[name],
    onChange: (e: { target: { value: string } }) => void formik.setFieldValue(name, e.target.value),
    onBlur: () => void formik.setFieldTouched(name, true, false),
  });
  return (
    <ConsoleForm formik={formik}>
      <Form.Item {...item('url', t('admin.integrations.url'))} extra={t('admin.integrations.urlHint')}>
        <Input {...text('url')} inputMode="url" autoComplete="off" placeholder="https://" />
      </Form.Item>
      <Form.Item
        label={<span id="webhook-events-label">{t('admin.integrations.events')}</span>}
        validateStatus={eventsError ? 'error' : undefined}
        help={eventsError}
      >
        <Checkbox.Group
          aria-labelledby="webhook-events-label"
          value={formik.values.events}
          onChange={(next) => {
            void formik.setFieldValue('events', next);
            void formik.setFieldTouched('events', true, false);
          }}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))', gap: 6 }}
          options={WEBHOOK_EVENT_TYPES.map((type) => ({
            value: type,
            label: (
              <span>
                {t(EVENT_LABELS[type])} <code style={{ fontSize: 12 }}>{type}</code>
              </span>
            ),
          }))}
        />
      </Form.Item>
      <Form.Item {...item('description', t('admin.integrations.description'))}>
        <Input {...text('description')} maxLength={200} />
      </Form.Item>
      {editing && (
        <Form.Item>
          <Checkbox
            id="webhook-enabled"
            checked={formik.values.enabled}
            onChange={(e) => void formik.setFieldValue('enabled', e.target.checked)}
          >
            {t('admin.integrations.sendEvents')}
          </Checkbox>
        </Form.Item>
      )}
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          {editing ? t('admin.integrations.save') : t('admin.integrations.create')}
        </Button>
        <Button onClick={onCancel}>{t('admin.cancel')}</Button>
      </Space>
    </ConsoleForm>
  );
}
