import { quoteDeclineSchema } from '@domain/quotes';
import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { type QuoteFieldsFragment } from '../../features/quotes';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import { DeclineNoteForm } from '../shared/forms';
import { useDeclineQuote, useSendQuoteStaffMessage } from './useQuoteActions';

/** The messages on the quote, and staff's answer (the buyer is e-mailed a link to the quote). */
export function StaffMessages({ quote }: { quote: QuoteFieldsFragment }) {
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

export function DeclineForm({ quote, onDone }: { quote: QuoteFieldsFragment; onDone: () => void }) {
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
