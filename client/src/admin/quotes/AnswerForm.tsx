import { proposedQuoteDay, quoteAnswerSchema } from '@domain/quotes';
import { App, Button, Card, Form, Input, InputNumber, Space, Typography } from 'antd';
import { Formik, type FormikProps } from 'formik';
import { useRef, useState } from 'react';
import { type QuoteFieldsFragment } from '../../features/quotes';
import { useT } from '../../i18n';
import { useDescribeConfiguration } from '../../lib/configuration';
import { useMoney } from '../../lib/money';
import { ConsoleForm, FormProblems, useConsoleSubmit, useFieldItems } from '../shared/forms';
import { useQuoteDraftActions } from './useQuoteDraftActions';
import { useSendQuote } from './useQuoteActions';
import { type StaffQuote } from './QuotesView';

interface AnswerValues {
  /** `itemId`: for a line in words, the part it is ordered as. */
  lines: { lineNo: number; unitPrice: number | null; itemId: string }[];
  freight: number | null;
  leadTimeDays: number | null;
  expiresOn: string;
  note: string;
}

/** Prices every line (from the revision sent last, else the catalogue's), freight, lead time, last day, note. */
export function AnswerForm({ quote, onReload }: { quote: StaffQuote; onReload: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [conflict, setConflict] = useState<string | null>(null);
  const [send] = useSendQuote();
  const { saveDraft } = useQuoteDraftActions();
  // Which button submitted the form: Send, or Save as draft.
  const intent = useRef<'send' | 'draft'>('send');
  // The draft saved, else the revision sent last, else the catalogue's prices.
  const draft = quote.draft;
  const previous = new Map(
    (draft?.lines ?? quote.sent?.lines ?? []).map((l) => [
      l.lineNo,
      l as { unitPrice: number | null; itemId?: string | null },
    ]),
  );
  // A month ahead: read once, when the form opens.
  const [proposedDay] = useState(() => proposedQuoteDay());
  const initial: AnswerValues = {
    lines: quote.lines.map((l) => ({
      lineNo: l.lineNo,
      unitPrice: previous.get(l.lineNo)?.unitPrice ?? l.cataloguePrice ?? null,
      itemId: l.itemId ? '' : (previous.get(l.lineNo)?.itemId ?? ''),
    })),
    freight: draft?.freight ?? quote.sent?.freight ?? null,
    leadTimeDays: draft?.leadTimeDays ?? quote.sent?.leadTimeDays ?? null,
    expiresOn: draft?.expiresOn ?? proposedDay,
    note: draft?.note ?? '',
  };
  const submit = useConsoleSubmit(
    async (values: AnswerValues) => {
      setConflict(null);
      const asDraft = intent.current === 'draft';
      intent.current = 'send';
      await (asDraft ? saveDraft : send)({
        variables: {
          id: quote.id,
          version: quote.version,
          input: {
            lines: values.lines.map((l, i) => ({
              lineNo: l.lineNo,
              unitPrice: l.unitPrice ?? -1,
              itemId: quote.lines[i]?.itemId ? null : l.itemId.trim() || null,
            })),
            freight: values.freight ?? -1,
            leadTimeDays: values.leadTimeDays ?? -1,
            expiresOn: values.expiresOn,
            note: values.note,
          },
        },
      });
      message.success(t(asDraft ? 'admin.quotes.draftSaved' : 'admin.quotes.sent'));
    },
    ({ code, message: sentence }) => {
      if (code === 'CONFLICT') {
        setConflict(sentence ?? t('admin.conflict'));
        return true;
      }
      // Prices only a Service or Admin user sends: the way on is a draft.
      return code === 'FORBIDDEN' ? t('admin.quotes.heldHint') : false;
    },
  );
  return (
    <Formik<AnswerValues>
      initialValues={initial}
      validationSchema={quoteAnswerSchema}
      onSubmit={submit}
      enableReinitialize
    >
      {(formik) => (
        <>
          <FormProblems conflict={conflict} status={null} onReload={onReload} />
          <AnswerFields
            formik={formik}
            quote={quote}
            onSaveDraft={() => {
              intent.current = 'draft';
              void formik.submitForm();
            }}
          />
        </>
      )}
    </Formik>
  );
}

function AnswerFields({
  formik,
  quote,
  onSaveDraft,
}: {
  formik: FormikProps<AnswerValues>;
  quote: QuoteFieldsFragment;
  onSaveDraft: () => void;
}) {
  const t = useT();
  const money = useMoney(quote.currency);
  const describeConfig = useDescribeConfiguration();
  const { item } = useFieldItems(formik, 'answer-');
  const number = (name: string, label: string, props: { precision?: number; step?: number } = {}) => (
    <Form.Item {...item(name, label)}>
      <InputNumber
        id={`answer-${name}`}
        {...props}
        value={formik.getFieldMeta<number | null>(name).value}
        onChange={(v) => void formik.setFieldValue(name, v)}
        onBlur={() => void formik.setFieldTouched(name, true, false)}
      />
    </Form.Item>
  );
  return (
    <ConsoleForm formik={formik}>
      {quote.lines.map((l, i) => (
        <Card key={l.id} size="small" style={{ marginBottom: 12 }}>
          <Typography.Text strong>
            {l.lineNo}. {l.description}
          </Typography.Text>{' '}
          <Typography.Text type="secondary">{l.itemId}</Typography.Text>
          <div>
            {l.packSize ? t('quotes.packs', { count: l.quantity, size: l.packSize }) : `× ${l.quantity}`}
            {l.configurations.map((c) => ` · ${describeConfig(c)}`)}
          </div>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            {l.cataloguePrice === null
              ? t('admin.quotes.noCatalogue')
              : t('admin.quotes.catalogue', { price: money(l.cataloguePrice) })}
            {l.packSize ? ` ${t('admin.quotes.perPack', { count: l.packSize })}` : ''}
          </Typography.Paragraph>
          {number(`lines[${i}].unitPrice`, t('admin.quotes.unitPrice', { line: l.lineNo }), {
            precision: 2,
            step: 0.01,
          })}
          {!l.itemId && (
            <Form.Item
              {...item(`lines[${i}].itemId`, t('admin.quotes.orderedAs', { line: l.lineNo }))}
              extra={t('admin.quotes.orderedAsHint')}
            >
              <Input
                id={`answer-lines[${i}].itemId`}
                value={formik.values.lines[i]?.itemId ?? ''}
                onChange={(e) => void formik.setFieldValue(`lines[${i}].itemId`, e.target.value)}
                onBlur={() => void formik.setFieldTouched(`lines[${i}].itemId`, true, false)}
              />
            </Form.Item>
          )}
        </Card>
      ))}
      <Space wrap align="start">
        {number('freight', t('admin.quotes.freight'), { precision: 2, step: 1 })}
        {number('leadTimeDays', t('admin.quotes.leadTime'), { precision: 0 })}
        <Form.Item {...item('expiresOn', t('admin.quotes.expiresOn'))}>
          <Input
            id="answer-expiresOn"
            type="date"
            value={formik.values.expiresOn}
            onChange={(e) => void formik.setFieldValue('expiresOn', e.target.value)}
            onBlur={() => void formik.setFieldTouched('expiresOn', true, false)}
          />
        </Form.Item>
      </Space>
      <Form.Item {...item('note', t('admin.quotes.note'))}>
        <Input.TextArea
          id="answer-note"
          rows={3}
          value={formik.values.note}
          onChange={(e) => void formik.setFieldValue('note', e.target.value)}
        />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={formik.isSubmitting}>
          {t('admin.quotes.send')}
        </Button>
        <Button htmlType="button" disabled={formik.isSubmitting} onClick={onSaveDraft}>
          {t('admin.quotes.saveDraft')}
        </Button>
      </Space>
    </ConsoleForm>
  );
}
