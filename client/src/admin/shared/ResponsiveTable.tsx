import { Card, Grid, List, Select, Table, type TableProps } from 'antd';
import type { ColumnType, SorterResult, TablePaginationConfig } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { useT } from '../../i18n';

/**
 * A console table that reads as a list of cards on a phone (below antd's md breakpoint, 768 px): each row a card,
 * each cell under its column's title (a <dl>), the same renderers, pagination and sorting (a "Sort by" choice
 * made of the sortable columns). On a wider screen it is the antd Table, as given.
 */
export function ResponsiveTable<T extends object>(props: TableProps<T> & { label: string }) {
  const t = useT();
  const screens = Grid.useBreakpoint();
  const { label, ...table } = props;
  if (screens.md !== false) return <Table<T> {...table} />;

  const columns = (table.columns ?? []) as ColumnType<T>[];
  const rows = (table.dataSource ?? []) as T[];
  const keyOf = (record: T, index: number): Key =>
    typeof table.rowKey === 'function'
      ? table.rowKey(record, index)
      : ((record as Record<string, Key>)[String(table.rowKey ?? 'key')] ?? index);
  const cell = (column: ColumnType<T>, record: T, index: number): ReactNode => {
    const path = column.dataIndex as keyof T | undefined;
    const value = path === undefined ? undefined : record[path];
    return column.render ? (column.render(value, record, index) as ReactNode) : (value as ReactNode);
  };
  const pagination = table.pagination === false ? undefined : (table.pagination ?? undefined);
  const change = (next: TablePaginationConfig, sorter: SorterResult<T>) =>
    table.onChange?.(next, {}, sorter, { action: 'paginate', currentDataSource: rows });
  const sortable = columns.filter((c) => c.sorter);
  const sorted = sortable.find((c) => c.sortOrder);
  const sortValue = sorted ? `${String(sorted.dataIndex)}:${sorted.sortOrder}` : undefined;

  return (
    <div className="console-cards">
      {sortable.length > 0 && (
        <label className="console-cards__sort">
          <span>{t('admin.sortBy')}</span>
          <Select
            aria-label={t('admin.sortBy')}
            value={sortValue}
            placeholder={t('admin.sortDefault')}
            allowClear
            style={{ minWidth: 220 }}
            onChange={(value?: string) => {
              const [field, order] = (value ?? '').split(':');
              change(
                { current: 1, pageSize: pagination?.pageSize },
                { field, order: (order || undefined) as SorterResult<T>['order'] },
              );
            }}
            options={sortable.flatMap((c) => [
              { value: `${String(c.dataIndex)}:ascend`, label: `${String(c.title)} ↑` },
              { value: `${String(c.dataIndex)}:descend`, label: `${String(c.title)} ↓` },
            ])}
          />
        </label>
      )}
      <List<T>
        aria-label={label}
        loading={Boolean(table.loading)}
        dataSource={rows}
        rowKey={(record) => keyOf(record, rows.indexOf(record))}
        pagination={
          pagination && {
            current: pagination.current,
            pageSize: pagination.pageSize,
            total: pagination.total,
            showSizeChanger: pagination.showSizeChanger,
            pageSizeOptions: pagination.pageSizeOptions,
            showTotal: pagination.showTotal,
            align: 'center',
            onChange: (current, pageSize) =>
              change(
                { current, pageSize },
                sorted ? { field: sorted.dataIndex as Key, order: sorted.sortOrder } : {},
              ),
          }
        }
        renderItem={(record, index) => (
          <List.Item>
            <Card size="small" style={{ width: '100%' }}>
              <dl className="console-card">
                {columns.map((column, i) => (
                  <div key={String(column.key ?? column.dataIndex ?? i)}>
                    <dt>{column.title as ReactNode}</dt>
                    <dd>{cell(column, record, index)}</dd>
                  </div>
                ))}
              </dl>
            </Card>
          </List.Item>
        )}
      />
    </div>
  );
}
