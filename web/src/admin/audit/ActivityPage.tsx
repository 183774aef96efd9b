import { useQuery } from '@tanstack/react-query';
import { type AuditLogRow, auditActions, auditedEntities, routes, signInAction, tillEvents } from '@tillbook/contract';
import { Alert, Button, Input, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { useListParams } from '../../lib/list-params.ts';
import { DateRangeFilter } from '../../ui/document/DateRangeFilter.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { downloadCsv } from '../books/statement-ui.tsx';
import { staffSource } from '../selling/sale-format.tsx';
import { activityColumns } from './audit-columns.tsx';
import { actionName, actorOf, changeText, entityName } from './audit-format.ts';

const filterNames = ['userId', 'entity', 'action', 'field', 'startDate', 'endDate'] as const;
/** The CSV holds at most this many rows (the newest), read a page of 500 at a time. */
const csvRows = 5000;

const queryOf = (filters: Partial<Record<(typeof filterNames)[number], string>>) =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Record<string, string>;

/**
 * `/admin/activity` (issue 34): every change of every record, newest first, filtered by user, record kind, action,
 * field and dates, paged, and exported to CSV (the filtered rows, newest first, up to 5,000).
 */
export default function ActivityPage() {
  const list = useListParams({ filters: filterNames, count: 20 });
  const filters = queryOf(list.filters);
  const [exporting, setExporting] = useState(false);
  const log = useQuery({
    queryKey: ['audit-log', 'activity', list.query],
    queryFn: () => must(api(routes.auditLog.list, { query: { ...filters, page: String(list.page), count: String(list.count) } })),
  });

  async function exportCsv() {
    setExporting(true);
    try {
      const rows: AuditLogRow[] = [];
      for (let page = 1; rows.length < csvRows; page++) {
        const answer = await must(api(routes.auditLog.list, { query: { ...filters, page: String(page), count: '500' } as never }));
        rows.push(...answer.getAllAuditLog);
        if (answer.getAllAuditLog.length < 500) break;
      }
      downloadCsv('activity', [
        ['When', 'Who', 'What', 'Record', 'Id', 'Changes', 'Request'],
        ...rows.map((r) => [
          r.at,
          actorOf(r),
          actionName(r.action),
          entityName(r.entity),
          r.entityId,
          r.changes.map((c) => changeText(r.action, c)).join('; '),
          r.requestId,
        ]),
      ]);
    } finally {
      setExporting(false);
    }
  }

  if (log.error) return <Alert type="error" title={log.error.message} />;
  const idOf = (v: string | undefined) => (v ? Number(v) : undefined);
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Typography.Title level={3}>Activity</Typography.Title>
      <Space wrap>
        <RefSelect
          source={staffSource}
          aria-label="User"
          placeholder="Every user"
          value={idOf(list.filters.userId)}
          onChange={(v) => list.setFilters({ userId: v === undefined || v === null ? undefined : String(v) })}
          style={{ width: 180 }}
        />
        <Select
          aria-label="Record"
          allowClear
          showSearch
          placeholder="Every record"
          value={list.filters.entity}
          onChange={(v) => list.setFilters({ entity: v })}
          options={auditedEntities.map((e) => ({ value: e, label: entityName(e) }))}
          style={{ width: 180 }}
        />
        <Select
          aria-label="Action"
          allowClear
          placeholder="Every action"
          value={list.filters.action}
          onChange={(v) => list.setFilters({ action: v })}
          options={[...auditActions, ...tillEvents, signInAction].map((a) => ({ value: a, label: actionName(a) }))}
          style={{ width: 160 }}
        />
        <Input.Search
          aria-label="Field"
          placeholder="Field, e.g. productSalePrice"
          defaultValue={list.filters.field}
          allowClear
          onSearch={(v) => list.setFilters({ field: v.trim() || undefined })}
          style={{ width: 220 }}
        />
        <DateRangeFilter list={list} />
        <Button onClick={() => void exportCsv()} loading={exporting}>
          Export CSV
        </Button>
      </Space>
      <Table<AuditLogRow>
        rowKey="id"
        loading={log.isLoading}
        dataSource={log.data?.getAllAuditLog ?? []}
        scroll={{ x: true }}
        pagination={{ current: list.page, pageSize: list.count, total: log.data?.totalAuditLog ?? 0, onChange: list.setPage }}
        columns={activityColumns}
      />
    </Space>
  );
}
