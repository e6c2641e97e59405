import { Form, InputNumber, Space } from 'antd';
import { editsByBaseAndOptions } from '@domain/admin';
import { TierApplied } from '../../components/Price';
import { useT } from '../../i18n';
import { useDescribeConfiguration } from '../../lib/configuration';
import { useMoney } from '../../lib/money';
import { useFieldItems } from '../shared/forms';
import type { AdminOrderFieldsFragment } from './orders.generated';
import { ResponsiveTable } from '../shared/ResponsiveTable';
import type { OrderEdit } from './useOrderEdit';

type Line = AdminOrderFieldsFragment['lines'][number];

/** The order's lines in the edit form: quantity, unit (or base) price and option prices, with each line's total. */
export function OrderLinesTable({ order, edit }: { order: AdminOrderFieldsFragment; edit: OrderEdit }) {
  const describeConfig = useDescribeConfiguration();
  const t = useT();
  const money = useMoney(order.currencyCode);
  const { formik, totals, setLine, locked } = edit;
  const { values } = formik;
  const { item } = useFieldItems(formik);
  const cell = (name: string) => ({ ...item(name, ''), label: undefined });
  const touch = (name: string) => () => void formik.setFieldTouched(name, true, false);
  return (
    <ResponsiveTable
      label={t('admin.orderLines')}
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 760 }}
      dataSource={order.lines}
      style={{ marginBottom: 16 }}
      columns={[
        {
          title: t('admin.item'),
          key: 'item',
          render: (_, line: Line) => (
            <>
              <div>{line.name}</div>
              <div style={{ color: '#595959', fontSize: 13 }}>{line.itemId}</div>
              <div style={{ color: '#595959', fontSize: 13 }}>
                <TierApplied line={line} currency={order.currencyCode} />
              </div>
            </>
          ),
        },
        {
          title: t('admin.quantity'),
          key: 'quantity',
          width: 120,
          render: (_, _line, i) => (
            <Form.Item {...cell(`lines[${i}].quantity`)} style={{ margin: 0 }}>
              <InputNumber
                disabled={locked}
                id={`lines[${i}].quantity`}
                onBlur={touch(`lines[${i}].quantity`)}
                aria-label={t('admin.lineQuantity', { line: i + 1 })}
                precision={0}
                value={values.lines[i]!.quantity}
                onChange={(v) => setLine(i, (l) => ({ ...l, quantity: v as number }))}
              />
            </Form.Item>
          ),
        },
        {
          title: t('admin.unitPrice'),
          key: 'price',
          width: 150,
          render: (_, line: Line, i) => (
            <Form.Item {...cell(`lines[${i}].price`)} style={{ margin: 0 }}>
              <InputNumber
                disabled={locked}
                id={`lines[${i}].price`}
                onBlur={touch(`lines[${i}].price`)}
                aria-label={t(editsByBaseAndOptions(line) ? 'admin.lineBasePrice' : 'admin.linePrice', {
                  line: i + 1,
                })}
                step={0.01}
                precision={2}
                prefix="$"
                value={values.lines[i]!.price}
                onChange={(v) => setLine(i, (l) => ({ ...l, price: v as number }))}
              />
            </Form.Item>
          ),
        },
        {
          title: t('admin.configurations'),
          key: 'configurations',
          render: (_, line: Line, i) =>
            line.configurations.length === 0
              ? '—'
              : !editsByBaseAndOptions(line)
                ? line.configurations.map((c) => <div key={c.id}>{describeConfig(c)}</div>)
                : line.configurations.map((c, k) => (
                    <Form.Item
                      key={c.id}
                      {...cell(`lines[${i}].configurations[${k}].price`)}
                      style={{ margin: '0 0 4px' }}
                    >
                      <Space size={4}>
                        <span>{describeConfig(c)} ×</span>
                        <InputNumber
                          disabled={locked}
                          aria-label={t('admin.configurationPrice', { name: c.name ?? c.id, line: i + 1 })}
                          step={0.001}
                          value={values.lines[i]!.configurations[k]!.price}
                          onChange={(v) =>
                            setLine(i, (l) => ({
                              ...l,
                              configurations: l.configurations.map((x, m) =>
                                m === k ? { ...x, price: v as number } : x,
                              ),
                            }))
                          }
                        />
                      </Space>
                    </Form.Item>
                  )),
        },
        {
          title: t('admin.lineTotal'),
          key: 'total',
          align: 'right',
          render: (_, line, i) => {
            // Its promotions' share, as the edit evaluates them again (decision 079).
            const discount = totals.promotions.lineDiscounts.get(line.id) ?? 0;
            return (
              <Space direction="vertical" size={0} align="end">
                <span data-testid={`line-total-${i}`}>{money(totals.lineTotals[i]!.lineTotal)}</span>
                {discount > 0 && (
                  <span
                    className="ant-typography ant-typography-secondary"
                    data-testid={`line-discount-${i}`}
                  >
                    {t('cart.promotion.lineDiscount', { amount: money(discount) })}
                  </span>
                )}
              </Space>
            );
          },
        },
      ]}
    />
  );
}
