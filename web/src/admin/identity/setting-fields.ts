import { dashboardTypes, resources } from '@tillbook/contract';
import type { FieldDef } from '../../ui/resource/fields.ts';
import { refTo } from '../../ui/resource/screen-from-contract.ts';

const dashboardLabels: Record<(typeof dashboardTypes)[number], string> = {
  'e-commerce': 'Online shop',
  inventory: 'Inventory',
  both: 'Both',
};

/** Every settings field but the logo, which is uploaded beside the form. */
export const settingFields: FieldDef[] = [
  { name: 'companyName', label: 'Company name', type: 'text', required: true },
  { name: 'tagLine', label: 'Tag line', type: 'text' },
  { name: 'address', label: 'Address', type: 'textarea' },
  { name: 'vatNumber', label: 'VAT number', type: 'text', placeholder: 'As your invoices must show it' },
  { name: 'phone', label: 'Phone', type: 'text' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'website', label: 'Website', type: 'text', placeholder: 'https://example.com' },
  { name: 'footer', label: 'Footer', type: 'textarea' },
  {
    name: 'dashboardType',
    label: 'Dashboard type',
    type: 'enum',
    options: dashboardTypes.map((value) => ({ value, label: dashboardLabels[value] })),
  },
  {
    name: 'currencyId',
    label: 'Currency',
    type: 'ref',
    required: true,
    ...refTo(resources.currency),
  },
  {
    name: 'allowNegativeStock',
    label: 'Allow negative stock',
    type: 'enum',
    options: [
      { value: 'false', label: 'No: the till refuses a sale beyond the stock' },
      { value: 'true', label: 'Yes: the till may sell below zero' },
    ],
  },
  {
    name: 'blindClose',
    label: 'Blind close',
    type: 'enum',
    options: [
      { value: 'true', label: 'Yes: cashiers count the drawer before seeing what was expected' },
      { value: 'false', label: 'No: the expected cash shows while counting' },
    ],
  },
  {
    name: 'discountAlertPercent',
    label: 'Discount alert above',
    type: 'number',
    min: 0,
    max: 100,
    step: 0.5,
    suffix: '%',
  },
  {
    name: 'cashDenominations',
    label: 'Cash denominations',
    type: 'text',
    placeholder: '100,50,20,10,5,2,1,0.5,0.25,0.1,0.05,0.01',
  },
];

/** The wire values as form data: every text as it is, blanks for cleared values, the logo as a file. */
export function toFormData(values: Record<string, unknown>, logo: File): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value === null || value === undefined ? '' : String(value));
  data.append('logo', logo);
  return data;
}
