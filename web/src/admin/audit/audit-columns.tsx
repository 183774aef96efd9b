import type { AuditLogRow } from '@tillbook/contract';
import type { ColumnsType } from 'antd/es/table';
import { instant } from '../../lib/format.ts';
import { actionName, actorOf, changeText, entityName } from './audit-format.ts';
import './audit.css';

/** The log's columns as a record's History shows them: when, who, what, and each field from what to what. */
export const historyColumns: ColumnsType<AuditLogRow> = [
  { title: 'When', key: 'at', render: (_, r) => instant(r.at) },
  { title: 'Who', key: 'who', render: (_, r) => actorOf(r) },
  { title: 'What', key: 'action', render: (_, r) => actionName(r.action) },
  {
    title: 'Changes',
    key: 'changes',
    render: (_, r) => (
      <ul className="audit-changes">
        {r.changes.map((c) => (
          <li key={c.field}>{changeText(r.action, c)}</li>
        ))}
      </ul>
    ),
  },
];

/** The Activity's columns: the History's, with the record each change was made to. */
export const activityColumns: ColumnsType<AuditLogRow> = [
  ...historyColumns.slice(0, 3),
  { title: 'Record', key: 'record', render: (_, r) => `${entityName(r.entity)} #${r.entityId}` },
  ...historyColumns.slice(3),
];
