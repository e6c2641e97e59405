import { App, Button, Popconfirm, Typography } from 'antd';
import { useT } from '../../i18n';
import { useDates } from '../../lib/dates';
import { errorMessage } from '../../lib/failure';
import type { WebhookDeliveriesQuery } from './integrations.generated';
import { useReplayDelivery } from './useWebhookActions';

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['items'][number];

/* Inline, so the console's section brings its own look and the shop's stylesheet does not grow. */
const LIST = { margin: 0, paddingLeft: 20, display: 'grid', gap: 12 } as const;
const FACTS = { display: 'flex', flexWrap: 'wrap', gap: '4px 24px', margin: 0 } as const;
const TERM = { fontWeight: 600, marginRight: 6, display: 'inline' } as const;
const BODY = {
  margin: '4px 0 0',
  padding: 8,
  maxHeight: 160,
  overflow: 'auto',
  background: '#f5f5f5',
  border: '1px solid #d9d9d9',
  borderRadius: 4,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-all',
} as const;

/**
 * A delivery's attempts, oldest first: when, the response code, how long, the error, and the first bytes the
 * receiver answered. Those bytes are the receiver's, so hostile: shown as text (React escapes it), never as HTML.
 */
export function DeliveryAttempts({ delivery }: { delivery: Delivery }) {
  const t = useT();
  const dates = useDates();
  if (delivery.attemptLog.length === 0)
    return <Typography.Text>{t('admin.integrations.noAttempt')}</Typography.Text>;
  return (
    <ol style={LIST} aria-label={t('admin.integrations.attemptsOf', { id: delivery.messageId })}>
      {delivery.attemptLog.map((a, i) => (
        <li key={`${a.attemptedAt}-${i}`}>
          <dl style={FACTS}>
            <div>
              <dt style={TERM}>{t('admin.integrations.attemptedAt')}</dt>
              <dd style={{ display: 'inline', margin: 0 }}>{dates.moment(a.attemptedAt)}</dd>
            </div>
            <div>
              <dt style={TERM}>{t('admin.integrations.code')}</dt>
              <dd style={{ display: 'inline', margin: 0 }}>{a.responseCode ?? '—'}</dd>
            </div>
            <div>
              <dt style={TERM}>{t('admin.integrations.duration')}</dt>
              <dd style={{ display: 'inline', margin: 0 }}>
                {t('admin.integrations.durationMs', { ms: a.durationMs })}
              </dd>
            </div>
            {a.error && (
              <div>
                <dt style={TERM}>{t('admin.integrations.error')}</dt>
                <dd style={{ display: 'inline', margin: 0 }}>{a.error}</dd>
              </div>
            )}
          </dl>
          {a.responseBody ? (
            <>
              <div style={{ ...TERM, display: 'block', marginTop: 4 }}>{t('admin.integrations.body')}</div>
              <pre style={BODY}>{a.responseBody}</pre>
            </>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** Replay (confirmed): the same message, with the same webhook-id, as a new delivery. */
export function ReplayButton({ delivery }: { delivery: Delivery }) {
  const t = useT();
  const { message } = App.useApp();
  const { replay } = useReplayDelivery();
  return (
    <Popconfirm
      title={t('admin.integrations.replay')}
      description={<div style={{ maxWidth: 320 }}>{t('admin.integrations.replayConfirm')}</div>}
      okText={t('admin.integrations.replay')}
      cancelText={t('admin.cancel')}
      onConfirm={() =>
        replay(delivery.id).then(
          () => void message.success(t('admin.integrations.replayed')),
          (err: unknown) => void message.error(errorMessage(err, t('admin.saveFailed'))),
        )
      }
    >
      <Button aria-label={t('admin.integrations.replayOne', { event: delivery.messageId })}>
        {t('admin.integrations.replay')}
      </Button>
    </Popconfirm>
  );
}
