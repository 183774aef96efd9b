import { type LeadStatus, leadStatuses } from '@tillbook/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';

export const leadStatusLabels: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  working: 'Working',
  customer: 'Customer',
  lost: 'Lost',
  cancelled: 'Cancelled',
};

const colours: Record<LeadStatus, string> = {
  new: 'blue',
  contacted: 'cyan',
  qualified: 'geekblue',
  working: 'gold',
  customer: 'green',
  lost: 'red',
  cancelled: 'default',
};

export const LeadStatusTag = ({ status }: { status: LeadStatus }) => (
  <Tag color={colours[status]} data-testid="lead-status">
    {leadStatusLabels[status]}
  </Tag>
);

/** The statuses a person sets by hand: 'customer' comes only with converting. */
export const settableStatuses = leadStatuses.filter((s) => s !== 'customer');
export const leadStatusOptions = (list: readonly LeadStatus[] = leadStatuses) =>
  list.map((s) => ({ value: s, label: leadStatusLabels[s] }));

export const LeadLink = ({ id, name }: { id: number; name: string }) => <Link to={`/admin/lead/${id}`}>{name}</Link>;
