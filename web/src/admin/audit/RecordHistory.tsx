import { useQuery } from '@tanstack/react-query';
import { type AuditLogRow, routes } from '@tillbook/contract';
import { Alert, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { must, writeEvent } from '../../lib/http.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { historyColumns } from './audit-columns.tsx';

/**
 * A record's History (issue 34): who changed it, when, and each field from what to what, newest first, paged.
 * Shown to whoever may read the audit log; nothing for anyone else.
 */
export function RecordHistory({ entity, id }: { entity: string; id: number }) {
  const { can } = usePermissions();
  const allowed = can('readAll-auditLog');
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['audit-log', entity, id, page],
    enabled: allowed,
    queryFn: () => must(api(routes.auditLog.history, { params: { entity, id }, query: { page: String(page), count: '10' } })),
  });
  // a change made on the page (a price saved, permissions replaced) shows in its history at once
  const { refetch } = history;
  useEffect(() => {
    if (!allowed) return;
    const reread = () => void refetch();
    window.addEventListener(writeEvent, reread);
    return () => window.removeEventListener(writeEvent, reread);
  }, [allowed, refetch]);
  if (!allowed) return null;
  if (history.error) return <Alert type="error" title={history.error.message} />;
  return (
    <section aria-label="History">
      <Typography.Title level={4}>History</Typography.Title>
      <Table<AuditLogRow>
        size="small"
        rowKey="id"
        loading={history.isLoading}
        dataSource={history.data?.getAllAuditLog ?? []}
        scroll={{ x: true }}
        pagination={{ current: page, pageSize: 10, total: history.data?.totalAuditLog ?? 0, onChange: setPage, hideOnSinglePage: true }}
        columns={historyColumns}
      />
    </section>
  );
}
