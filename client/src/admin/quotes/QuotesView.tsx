import { useQuery } from '@apollo/client/react';
import {
  proposedQuoteDay,
  QUOTE_STATUSES,
  quoteDeclineSchema,
  quoteNumberLabel,
  quoteAnswerSchema,
} from '@domain/quotes';
import { mayUse } from '@domain/admin';
import { ROUTES } from '@domain/routes';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { Formik, type FormikProps } from 'formik';
import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../../features/account';
import { QuoteDrawings, type QuoteFieldsFragment } from '../../features/quotes';
import { useT } from '../../i18n';
import { useDescribeConfiguration } from '../../lib/configuration';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { useMoney } from '../../lib/money';
import { ConsoleForm, DeclineNoteForm, FormProblems, useConsoleSubmit, useFieldItems } from '../shared/forms';
import { AdminQuoteDocument, AdminQuotesDocument, type QuoteDraftFieldsFragment } from './quotes.generated';
import { useQuoteDraftActions } from './useQuoteDraftActions';
import { useDeclineQuote, useReviewQuote, useSendQuote, useSendQuoteStaffMessage } from './useQuoteActions';
import { ResponsiveTable } from '../shared/ResponsiveTable';

/*
 * Quotes (decision 049): staff's queue (those waiting for an answer first) and each quote's page, where staff take
 * it into review, price every line and send a revision (the buyer is e-mailed), or decline it with a note. Any staff
 * member may save the answer as a draft; a price far below the catalogue's (or zero) is sent by a Service or Admin
 * user (decision 054), who sends such a draft.
 */

type StaffQuote = QuoteFieldsFragment & QuoteDraftFieldsFragment;

const quoteAdminPath = (id: string) => `${ROUTES.admin}/quotes/${id}`;

const STATUS_COLOR: Record<string, string> = {
  requested: 'gold',
  in_review: 'blue',
  quoted: 'green',
  accepted: 'green',
  ordered: 'green',
  expired: 'default',
  declined: 'red',
};

function StatusTag({ status, draft = false }: { status: string; draft?: boolean }) {
  const t = useT();
  return (
    <>
      <Tag color={STATUS_COLOR[status]}>{t(`quotes.status.${status}` as 'quotes.status.requested')}</Tag>
      {draft && <Tag color="purple">{t('admin.quotes.draft')}</Tag>}
    </>
  );
}

/** /admin/quotes: the quotes of one status, or those waiting for an answer (oldest first). */
export function QuotesView() {
  const t = useT();
  const dates = useDates();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const { data, loading } = useQuery(AdminQuotesDocument, {
    variables: { status: status || null },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Form layout="inline">
        <Form.Item label={t('admin.quotes.filter')} htmlFor="quotes-status">
          <Select
            id="quotes-status"
            style={{ minWidth: 220 }}
            value={status}
            onChange={(v) => setParams(v ? { status: v } : {})}
            options={[
              { value: '', label: t('admin.quotes.waiting') },
              ...QUOTE_STATUSES.map((s) => ({
                value: s,
                label: t(`quotes.status.${s}` as 'quotes.status.requested'),
              })),
            ]}
          />
        </Form.Item>
      </Form>
      <ResponsiveTable
        label={t('admin.quotes')}
        rowKey="id"
        size="middle"
        loading={loading}
        pagination={false}
        locale={{ emptyText: t('admin.quotes.none') }}
        dataSource={data?.adminQuotes ?? []}
        columns={[
          {
            title: t('admin.quotes.number'),
            key: 'number',
            render: (_: unknown, q: StaffQuote) => (
              <Link to={quoteAdminPath(q.id)}>{quoteNumberLabel(q.number)}</Link>
            ),
          },
          {
            title: t('admin.quotes.buyer'),
            key: 'buyer',
            render: (_: unknown, q: StaffQuote) =>
              [q.buyerName || q.buyerEmail, q.companyName].filter(Boolean).join(' · '),
          },
          {
            title: t('admin.quotes.lines'),
            key: 'lines',
            render: (_: unknown, q: StaffQuote) => q.lines.length,
          },
          {
            title: t('admin.quotes.asked'),
            dataIndex: 'createdAt',
            render: (at: string) => dates.moment(at),
          },
          {
            title: t('admin.quotes.neededBy'),
            dataIndex: 'neededBy',
            render: (day: string | null) => (day ? dates.calendarDay(day) : '—'),
          },
          {
            title: t('admin.quotes.status'),
            key: 'status',
            render: (_: unknown, q: StaffQuote) => <StatusTag status={q.status} draft={Boolean(q.draft)} />,
          },
        ]}
      />
    </Space>
  );
}

/** /admin/quotes/:id: the request, the revision sent last, and what staff may do next. */
export function QuoteView() {
  const t = useT();
  const dates = useDates();
  const { id = '' } = useParams();
  const [declining, setDeclining] = useState(false);
  const { message } = App.useApp();
  const { data, loading, error, refetch } = useQuery(AdminQuoteDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [review, reviewing] = useReviewQuote();
  const quote = data?.adminQuote;
  if (error) return <Alert type="error" showIcon message={errorMessage(error, t('quotes.notFound'))} />;
  if (loading && !quote) return <Card loading />;
  if (!quote) return null;
  const open = ['requested', 'in_review', 'quoted', 'expired'].includes(quote.status);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Link to={`${ROUTES.admin}/quotes`}>{t('admin.quotes.back')}</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {t('quotes.number', { number: quoteNumberLabel(quote.number) })}{' '}
        <StatusTag status={quote.status} draft={Boolean(quote.draft)} />
      </Typography.Title>
      <Card>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('admin.quotes.buyer')}>
            {[quote.buyerName, quote.buyerEmail, quote.companyName].filter(Boolean).join(' · ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('admin.quotes.asked')}>
            {dates.moment(quote.createdAt)}
          </Descriptions.Item>
          {quote.phone && <Descriptions.Item label={t('form.phone')}>{quote.phone}</Descriptions.Item>}
          <Descriptions.Item label={t('admin.quotes.neededBy')}>
            {quote.neededBy ? dates.calendarDay(quote.neededBy) : '—'}
          </Descriptions.Item>
          {quote.note && (
            <Descriptions.Item label={t('admin.quotes.buyerNote')} span={2}>
              <span style={{ whiteSpace: 'pre-line' }}>{quote.note}</span>
            </Descriptions.Item>
          )}
          {quote.declineNote && (
            <Descriptions.Item label={t('admin.quotes.declineNote')} span={2}>
              <span style={{ whiteSpace: 'pre-line' }}>{quote.declineNote}</span>
            </Descriptions.Item>
          )}
          {quote.sent && (
            <Descriptions.Item label={t('admin.quotes.lastSent')} span={2}>
              {t('admin.quotes.revision', {
                revision: quote.sent.revision,
                day: dates.moment(quote.sent.sentAt),
              })}
              {' · '}
              <a href={`/api/admin/quotes/${quote.id}/quote.pdf`} target="_blank" rel="noopener">
                {t('quotes.pdf', { number: quoteNumberLabel(quote.number) })}
              </a>
            </Descriptions.Item>
          )}
        </Descriptions>
        <QuoteDrawings quote={quote} href={(file) => `/api/admin/quotes/${quote.id}/attachments/${file}`} />
        <Space wrap>
          {quote.status === 'requested' && (
            <Button
              loading={reviewing.loading}
              onClick={() =>
                void review({ variables: { id: quote.id, version: quote.version } }).catch((err: unknown) =>
                  message.error(errorMessage(err, t('admin.saveFailed'))),
                )
              }
            >
              {t('admin.quotes.review')}
            </Button>
          )}
          {open && (
            <Button danger onClick={() => setDeclining(true)}>
              {t('admin.quotes.decline')}
            </Button>
          )}
        </Space>
      </Card>
      {open && quote.draft && <DraftCard quote={quote} draft={quote.draft} />}
      <StaffMessages quote={quote} />
      {open && (
        <Card title={t('admin.quotes.price')}>
          <AnswerForm quote={quote} onReload={() => void refetch()} />
        </Card>
      )}
      <Modal
        open={declining}
        title={t('admin.quotes.decline')}
        footer={null}
        destroyOnHidden
        onCancel={() => setDeclining(false)}
      >
        <DeclineForm quote={quote} onDone={() => setDeclining(false)} />
      </Modal>
    </Space>
  );
}

/** The saved, unsent answer: who saved it, the lines held, and (Service or Admin) its Send. */
function DraftCard({
  quote,
  draft,
}: {
  quote: StaffQuote;
  draft: NonNullable<QuoteDraftFieldsFragment['draft']>;
}) {
  const t = useT();
  const dates = useDates();
  const { message } = App.useApp();
  const { user } = useSession();
  const { sendDraft, sendingDraft } = useQuoteDraftActions();
  return (
    <Alert
      type="info"
      showIcon
      message={t('admin.quotes.draftBy', {
        name: draft.savedBy ?? t('admin.system'),
        when: dates.moment(draft.savedAt),
      })}
      description={
        draft.heldLines.length > 0
          ? t('admin.quotes.draftHeld', { count: draft.heldLines.length, lines: draft.heldLines.join(', ') })
          : undefined
      }
      action={
        mayUse(user?.role, 'belowCataloguePrices') && (
          <Button
            type="primary"
            loading={sendingDraft}
            onClick={() =>
              void sendDraft({ variables: { id: quote.id, version: quote.version } }).then(
                () => message.success(t('admin.quotes.draftSent')),
                (err: unknown) => message.error(errorMessage(err, t('admin.saveFailed'))),
              )
            }
          >
            {t('admin.quotes.sendDraft')}
          </Button>
        )
      }
    />
  );
}

interface AnswerValues {
  /** `itemId`: for a line in words, the part it is ordered as. */
  lines: { lineNo: number; unitPrice: number | null; itemId: string }[];
  freight: number | null;
  leadTimeDays: number | null;
  expiresOn: string;
  note: string;
}

/** Prices every line (from the revision sent last, else the catalogue's), freight, lead time, last day, note. */
function AnswerForm({ quote, onReload }: { quote: StaffQuote; onReload: () => void }) {
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

/** The messages on the quote, and staff's answer (the buyer is e-mailed a link to the quote). */
function StaffMessages({ quote }: { quote: QuoteFieldsFragment }) {
  const t = useT();
  const dates = useDates();
  const { message } = App.useApp();
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [send, { loading }] = useSendQuoteStaffMessage();
  return (
    <Card title={t('quotes.messages')}>
      {quote.messages.length === 0 ? (
        <Typography.Paragraph type="secondary">{t('admin.quotes.noMessages')}</Typography.Paragraph>
      ) : (
        <ol style={{ paddingLeft: 18 }}>
          {quote.messages.map((m) => (
            <li key={m.id} style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">
                {t('quotes.messageMeta', {
                  author: m.staff ? t('quotes.fromStore') : m.author || quote.buyerName,
                  when: dates.moment(m.createdAt),
                })}
              </Typography.Text>
              <div style={{ whiteSpace: 'pre-line' }}>{m.body}</div>
            </li>
          ))}
        </ol>
      )}
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('admin.quotes.answer')}
          htmlFor="quote-message"
          validateStatus={problem ? 'error' : undefined}
          help={problem ?? undefined}
        >
          <Input.TextArea
            id="quote-message"
            rows={3}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </Form.Item>
        <Button
          loading={loading}
          onClick={() =>
            void send({ variables: { id: quote.id, body } }).then(
              () => {
                setBody('');
                setProblem(null);
                message.success(t('quotes.messageSent'));
              },
              (err: unknown) => setProblem(errorMessage(err, t('admin.saveFailed'))),
            )
          }
        >
          {t('quotes.send')}
        </Button>
      </Form>
    </Card>
  );
}

function DeclineForm({ quote, onDone }: { quote: QuoteFieldsFragment; onDone: () => void }) {
  const t = useT();
  const [decline] = useDeclineQuote();
  return (
    <DeclineNoteForm
      schema={quoteDeclineSchema}
      label={t('admin.quotes.declineNote')}
      button={t('admin.quotes.decline')}
      declined={t('admin.quotes.declined')}
      decline={(note) => decline({ variables: { id: quote.id, version: quote.version, note } })}
      onDone={onDone}
    />
  );
}
