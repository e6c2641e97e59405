import { IMPORT_COLUMNS, IMPORT_KINDS, type ImportKind } from '@domain/imports';
import { Alert, Button, Form, Radio, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useMessage, useT, type MessageId } from '../../i18n';
import { HttpError } from '../../lib/http';
import { useImport, type ImportAnswer } from './useImport';

const SHOWN = 200;

const KIND_LABELS: Record<ImportKind, MessageId> = {
  prices: 'admin.imports.kind.prices',
  'price-breaks': 'admin.imports.kind.priceBreaks',
  stock: 'admin.imports.kind.stock',
  products: 'admin.imports.kind.products',
};

/** What the diff's key of a kind is: the price list, the warehouse, or the product's column. */
const KEY_TITLES: Record<ImportKind, MessageId> = {
  prices: 'admin.imports.list',
  'price-breaks': 'admin.imports.list',
  stock: 'admin.imports.warehouse',
  products: 'admin.imports.column',
};

/** What a kind's columns mean, where the names alone do not say it. */
const EXPLAINED: Partial<Record<ImportKind, MessageId>> = { products: 'admin.imports.explain.products' };

/** A product's detail as the diff shows it: the value as sent, a long description cut short. */
function shownDetail(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** A price, a list of volume prices or a count, as the diff shows it ('—' for none). */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) {
    const breaks = value as { minQuantity: number; price: number }[];
    return breaks.length ? breaks.map((b) => `${b.minQuantity}+: ${b.price.toFixed(2)}`).join(' · ') : '—';
  }
  return typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(2) : String(value);
}

/**
 * Console → Imports (decision 069): a CSV of prices, volume prices, stock counts or products' details is checked first (the dry run:
 * what would change, before → after, the unknown part numbers and each line's error) and applied only from a
 * clean check of the same file.
 */
export function ImportsView() {
  const t = useT();
  const say = useMessage();
  const { busy, check, apply } = useImport();
  const [kind, setKind] = useState<ImportKind>('prices');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<ImportAnswer | null>(null);
  const [applied, setApplied] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const reset = () => {
    setReport(null);
    setApplied(null);
    setFailure(null);
  };
  const run = async (action: typeof check) => {
    if (!file) return;
    setFailure(null);
    try {
      const answer = await action(kind, file);
      if (answer.applied) {
        setApplied(answer.changed.length);
        setReport(null);
      } else {
        setReport(answer);
      }
    } catch (err) {
      setReport(null);
      setFailure(err instanceof HttpError && err.message ? say(err.message) : t('admin.imports.failed'));
    }
  };
  const clean = report && report.errors.length === 0 && report.moreErrors === 0;
  const columns = [...IMPORT_COLUMNS[kind].required, ...IMPORT_COLUMNS[kind].optional];

  return (
    <>
      <Typography.Paragraph>{t('admin.imports.intro')}</Typography.Paragraph>
      <Form layout="vertical" onFinish={() => void run(check)} style={{ maxWidth: 640 }}>
        <Form.Item label={t('admin.imports.kind')}>
          <Radio.Group
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as ImportKind);
              reset();
            }}
            optionType="button"
            options={IMPORT_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
          />
        </Form.Item>
        <Form.Item
          label={t('admin.imports.file')}
          htmlFor="import-file"
          extra={
            <>
              {t('admin.imports.columns', { columns: columns.join(', ') })}
              {EXPLAINED[kind] && (
                <Typography.Paragraph type="secondary">{t(EXPLAINED[kind])}</Typography.Paragraph>
              )}
            </>
          }
        >
          <input
            id="import-file"
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              reset();
            }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!file} loading={busy && !report}>
          {t('admin.imports.check')}
        </Button>
      </Form>

      {failure && <Alert type="error" showIcon role="alert" message={failure} style={{ marginTop: 16 }} />}
      {applied !== null && (
        <Alert
          type="success"
          showIcon
          role="status"
          message={t('admin.imports.applied', { count: applied })}
          style={{ marginTop: 16 }}
        />
      )}

      {report && (
        <Space orientation="vertical" size="middle" style={{ width: '100%', marginTop: 24 }}>
          <Typography.Text strong role="status">
            {t('admin.imports.summary', {
              rows: report.rows,
              changed: report.changed.length,
              added: report.new,
              unchanged: report.unchanged,
              unknown: report.unknown.length,
              errors: report.errors.length + report.moreErrors,
            })}
          </Typography.Text>
          {!clean && (
            <>
              <Alert type="error" showIcon message={t('admin.imports.errorsTitle')} />
              <Table
                size="small"
                rowKey={(e) => `${e.line}:${e.field}:${e.message}`}
                pagination={{ pageSize: 50 }}
                dataSource={report.errors}
                columns={[
                  { title: t('admin.imports.line'), dataIndex: 'line', width: 80 },
                  { title: t('admin.imports.column'), dataIndex: 'field', width: 140 },
                  { title: t('admin.imports.problem'), dataIndex: 'message', render: (m: string) => say(m) },
                ]}
              />
            </>
          )}
          {report.changed.length > 0 && (
            <>
              <Typography.Title level={5}>{t('admin.imports.changes')}</Typography.Title>
              {report.changed.length > SHOWN && (
                <Typography.Text type="secondary">
                  {t('admin.imports.more', { shown: SHOWN, total: report.changed.length })}
                </Typography.Text>
              )}
              <Table
                size="small"
                rowKey={(c) => `${c.partNumber}:${c.key}`}
                pagination={{ pageSize: 25 }}
                dataSource={report.changed.slice(0, SHOWN)}
                columns={[
                  {
                    title: t('admin.prices.partNumber'),
                    dataIndex: 'partNumber',
                    render: (v: string) => <code>{v}</code>,
                  },
                  {
                    title: t(KEY_TITLES[kind]),
                    dataIndex: 'key',
                    render: (v: string) =>
                      kind === 'products' ? <code>{v}</code> : v || t('admin.imports.catalogue'),
                  },
                  {
                    title: t('admin.imports.before'),
                    dataIndex: 'before',
                    render: kind === 'products' ? shownDetail : shown,
                  },
                  {
                    title: t('admin.imports.after'),
                    dataIndex: 'after',
                    render: kind === 'products' ? shownDetail : shown,
                  },
                ]}
              />
            </>
          )}
          {report.unknown.length > 0 && (
            <Typography.Paragraph>
              {t('admin.imports.unknown', { count: report.unknown.length })}{' '}
              {report.unknown
                .slice(0, 20)
                .map((u) => u.partNumber)
                .join(', ')}
            </Typography.Paragraph>
          )}
          {clean && report.changed.length === 0 && (
            <Alert type="info" showIcon message={t('admin.imports.nothing')} />
          )}
          {clean && report.changed.length > 0 && (
            <Button type="primary" loading={busy} onClick={() => void run(apply)}>
              {t('admin.imports.apply', { count: report.changed.length })}
            </Button>
          )}
        </Space>
      )}
    </>
  );
}
