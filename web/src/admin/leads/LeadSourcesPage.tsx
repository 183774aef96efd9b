import { resources } from '@tillbook/contract';
import { ResourceListPage } from '../../ui/resource/ResourceListPage.tsx';
import { screenFromContract } from '../../ui/resource/screen-from-contract.ts';

const screen = screenFromContract(resources.leadSource, {
  title: 'Lead sources',
  fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
});

/** Where leads come from (walk-in, website, referral ...): a plain list. */
export default function LeadSourcesPage() {
  return <ResourceListPage screen={screen} />;
}
