import { type Lead, resources, routes } from '@tillbook/contract';
import { Button, Input, Select } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { instant, money } from '../../lib/format.ts';
import { useListParams } from '../../lib/list-params.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { DocumentListPage } from '../../ui/document/DocumentListPage.tsx';
import { RefSelect } from '../../ui/resource/lookup.tsx';
import { refTo } from '../../ui/resource/screen-from-contract.ts';
import { staffName, useBookStaff } from '../appointments/appointment-data.ts';
import { LeadFormModal } from './LeadFormModal.tsx';
import { LeadLink, LeadStatusTag, leadStatusOptions } from './lead-format.tsx';

const filters = ['key', 'leadOwnerId', 'leadSourceId', 'leadStatus', 'sort', 'order'] as const;
const sources = refTo(resources.leadSource);
const asId = (v: string | undefined) => (v ? Number(v) : undefined);

/**
 * The leads: searched by name, e-mail or phone, filtered by owner, source and status, sorted and paged,
 * all in the URL; a name opens the lead's page. "New lead" adds one and opens it.
 */
export default function LeadListPage() {
  const list = useListParams({ filters });
  const { can } = usePermissions();
  const staff = useBookStaff();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  return (
    <>
      <DocumentListPage<typeof routes.lead.list, Lead>
        title="Leads"
        endpoint={routes.lead.list}
        list={list}
        emptyText="No lead matches"
        rows={(a) => a.getAllLead}
        total={(a) => a.totalLead}
        rowKey="id"
        tools={
          <>
            <Input.Search
              aria-label="Search leads"
              placeholder="Name, e-mail or phone"
              allowClear
              defaultValue={list.filters.key}
              onSearch={(text) => list.setFilters({ key: text.trim() })}
              style={{ width: 220 }}
            />
            <Select
              aria-label="Filter by status"
              placeholder="Any status"
              allowClear
              style={{ minWidth: 130 }}
              value={list.filters.leadStatus}
              options={leadStatusOptions()}
              onChange={(v?: string) => list.setFilters({ leadStatus: v })}
            />
            <Select
              aria-label="Filter by owner"
              placeholder="Any owner"
              allowClear
              style={{ minWidth: 150 }}
              showSearch={{ optionFilterProp: 'label' }}
              value={asId(list.filters.leadOwnerId)}
              options={(staff.data ?? []).map((u) => ({ value: u.id, label: staffName(u) }))}
              onChange={(v?: number) => list.setFilters({ leadOwnerId: v })}
            />
            <RefSelect
              source={sources}
              aria-label="Filter by source"
              placeholder="Any source"
              style={{ minWidth: 140 }}
              value={asId(list.filters.leadSourceId)}
              onChange={(v?: number) => list.setFilters({ leadSourceId: v })}
            />
            {can('create-lead') && (
              <Button type="primary" onClick={() => setAdding(true)}>
                New lead
              </Button>
            )}
          </>
        }
        columns={[
          { key: 'name', title: 'Name', sorter: true, render: (_, l) => <LeadLink id={l.id} name={l.name} /> },
          { key: 'leadStatus', title: 'Status', sorter: true, render: (_, l) => <LeadStatusTag status={l.leadStatus} /> },
          { key: 'phone', title: 'Phone', render: (_, l) => l.phone ?? '' },
          { key: 'email', title: 'E-mail', render: (_, l) => l.email ?? '' },
          { key: 'source', title: 'Source', render: (_, l) => l.leadSource?.name ?? '' },
          { key: 'owner', title: 'Owner', render: (_, l) => staffName(l.leadOwner) },
          { key: 'leadValue', title: 'Value', align: 'right', sorter: true, render: (_, l) => money(l.leadValue) },
          { key: 'createdAt', title: 'Added', sorter: true, render: (_, l) => instant(l.createdAt).slice(0, 10) },
        ]}
      />
      <LeadFormModal open={adding} onClose={() => setAdding(false)} onSaved={(lead) => navigate(`/admin/lead/${lead.id}`)} />
    </>
  );
}
