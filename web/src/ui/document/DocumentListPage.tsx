import { useQuery } from '@tanstack/react-query';
import type { AnswerOf, Endpoint, EndpointOf, RouteOf } from '@tillbook/contract';
import { Space, Table, type TableColumnsType, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import type { Key, ReactNode } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import type { ListParams } from '../../lib/list-params.ts';

export interface DocumentListProps<R extends RouteOf<Endpoint>, Row extends object> {
  title: string;
  /** Level of the title: 3 for a screen, 4 for a section of one. */
  level?: 3 | 4;
  /** The route of the contract's list endpoint. */
  endpoint: R;
  /** Where the list's page, count and filters live (useListParams). */
  list: ListParams<string>;
  /** Query parameters that are always sent (e.g. status 'true,false'). */
  fixed?: Record<string, string>;
  rows: (answer: AnswerOf<EndpointOf<R>>) => Row[];
  total: (answer: AnswerOf<EndpointOf<R>>) => number;
  rowKey: keyof Row & string;
  columns: TableColumnsType<Row>;
  /** Opens a row to show its lines. */
  expand?: (row: Row) => ReactNode;
  /** Buttons and filters shown beside the title. */
  tools?: ReactNode;
  /** Shown under the title (a selection's action, a hint). */
  emptyText?: string;
  totalText?: (n: number) => string;
  rowSelection?: { selectedRowKeys: Key[]; onChange: (keys: Key[], rows: Row[]) => void };
  /** Hide the list (and skip the call) when the role may not read it. */
  enabled?: boolean;
  /** Shown between the title and the figures (e.g. tabs that narrow the list). */
  nav?: ReactNode;
  /** The list's figures over every matching row (its aggregations), shown under the title. */
  totals?: (answer: AnswerOf<EndpointOf<R>>) => ReactNode;
}

/**
 * The list of a kind of document: title and tools, a paged table whose page and count are in the URL,
 * rows that open to their lines. Adjustments, purchase requests, the reorder list, invoices and
 * returns are all this page with their own columns.
 */
export function DocumentListPage<R extends RouteOf<Endpoint>, Row extends object>(props: DocumentListProps<R, Row>) {
  const { list, endpoint } = props;
  const query = { ...list.query, ...props.fixed };
  const answer = useQuery({
    queryKey: ['list', endpoint.path, query],
    queryFn: () => must(api(endpoint, { query } as never)),
    enabled: props.enabled ?? true,
  });
  if (props.enabled === false) return null;
  const data = answer.data as AnswerOf<EndpointOf<R>> | undefined;
  // a column with a sorter sorts through the URL's sort and order (the server sorts the whole list)
  const sort = list.query.sort as string | undefined;
  const order: SortOrder = list.query.order === 'asc' ? 'ascend' : 'descend';
  const columns: TableColumnsType<Row> = props.columns.map((c) => (c.sorter ? { ...c, sortOrder: c.key === sort ? order : null } : c));
  return (
    <section aria-label={props.title}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
          <Typography.Title level={props.level ?? 3} style={{ margin: 0 }}>
            {props.title}
          </Typography.Title>
          {props.tools && <Space wrap>{props.tools}</Space>}
        </Space>
        {props.nav}
        {data && props.totals?.(data)}
        <Table<Row>
          rowKey={props.rowKey}
          loading={answer.isLoading}
          dataSource={data ? props.rows(data) : []}
          expandable={props.expand ? { expandedRowRender: props.expand } : undefined}
          rowSelection={props.rowSelection}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: list.page,
            pageSize: list.count,
            total: data ? props.total(data) : 0,
            showSizeChanger: true,
            showTotal: props.totalText ?? ((n) => `${n} in all`),
            onChange: (p, c) => list.setPage(p, c),
          }}
          locale={{ emptyText: answer.error ? answer.error.message : (props.emptyText ?? 'Nothing here yet') }}
          columns={columns}
          onChange={(_p, _f, sorter, extra) => {
            if (extra.action !== 'sort' || Array.isArray(sorter)) return;
            list.setFilters({
              sort: sorter.order ? String(sorter.columnKey) : undefined,
              order: sorter.order === 'ascend' ? 'asc' : sorter.order === 'descend' ? 'desc' : undefined,
            });
          }}
        />
      </Space>
    </section>
  );
}
