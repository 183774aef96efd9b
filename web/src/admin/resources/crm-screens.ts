import { resources as r } from '@tillbook/contract';
import { screenFromContract } from '../../ui/resource/screen-from-contract.ts';

/** Where leads come from (walk-in, website, referral ...): the appointment book's plain list. */
export const crmScreens = {
  leadSource: screenFromContract(r.leadSource, {
    title: 'Lead sources',
    fields: [{ name: 'name', label: 'Name', type: 'text', required: true }],
  }),
};
