import { discountContract, discountTypes, messages } from '@tillbook/contract';
import type { FieldDef } from '../../ui/resource/fields.ts';
import { screenFromContract } from '../../ui/resource/screen-from-contract.ts';

const typeLabels: Record<(typeof discountTypes)[number], string> = { percentage: 'Percentage', flat: 'Flat amount' };

/** Discounts: a percentage or a flat amount, valid from a start to an end date (both inclusive). */
export const discountScreen = screenFromContract(discountContract, {
  title: 'Discounts',
  fields: [
    // optional: left blank, the server names it from the type and value ("10% off")
    { name: 'name', label: 'Name', type: 'text', placeholder: 'Blank: named from type and value' },
    {
      name: 'type',
      label: 'Type',
      type: 'enum',
      options: discountTypes.map((value) => ({ value, label: typeLabels[value] })),
      initial: 'percentage',
      required: true,
    },
    { name: 'value', label: 'Value', type: 'number', min: 0, step: 0.01, required: true },
    { name: 'startDate', label: 'Start date', type: 'date', required: true },
    { name: 'endDate', label: 'End date', type: 'date', required: true },
  ] satisfies FieldDef[],
  messages: { created: messages.discountAdded, updated: messages.discountUpdated },
  // spec: a discount update reloads page 1, count 10, status true
  reloadWith: { update: { page: 1, count: 10, status: 'true' } },
});
