import { useQuery } from '@apollo/client/react';
import { quoteNumberLabel } from '@domain/quotes';
import { mayUse } from '@domain/admin';
import { ROUTES } from '@domain/routes';
import { Alert, App, Button, Card, Descriptions, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useSession } from '../../features/account';
import { QuoteDrawings } from '../../features/quotes';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { AdminQuoteDocument, type QuoteDraftFieldsFragment } from './quotes.generated';
import { useQuoteDraftActions } from './useQuoteDraftActions';
import { useReviewQuote } from './useQuoteActions';
import { AnswerForm } from './AnswerForm';
import { DeclineForm, StaffMessages } from './StaffMessages';
import { type StaffQuote, StatusTag } from './QuotesView';

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
