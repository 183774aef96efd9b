import { couponTypes, resources as r } from '@tillbook/contract';
import { money } from '../../lib/format.ts';
import type { FieldDef } from '../../ui/resource/fields.ts';
import { screenFromContract } from '../../ui/resource/screen-from-contract.ts';
import { subAccountSource } from '../books/book-types.ts';

/** The ledger sub-account a payment or a courier posts to, chosen from the active sub-accounts. */
const ledgerAccount = (required: boolean): FieldDef => ({
  name: 'subAccountId',
  label: 'Ledger account',
  type: 'ref',
  ...subAccountSource,
  required,
});

/** A 'true'/'false' flag of the contract, chosen as Yes or No. */
const yesNo = (name: string, label: string, initial: 'true' | 'false'): FieldDef => ({
  name,
  label,
  type: 'enum',
  options: [
    { value: 'true', label: 'Yes' },
    { value: 'false', label: 'No' },
  ],
  initial,
  required: true,
});

const couponTypeLabels: Record<(typeof couponTypes)[number], string> = { percentage: 'Percentage', flat: 'Flat amount' };

/** What the online shop offers at checkout: delivery areas, couriers, ways to pay and coupons. */
export const shopScreens = {
  deliveryFee: screenFromContract(r.deliveryFee, {
    title: 'Delivery fees',
    fields: [
      { name: 'deliveryArea', label: 'Delivery area', type: 'text', required: true },
      { name: 'deliveryFee', label: 'Fee', type: 'money', required: true },
    ],
  }),
  courierMedium: screenFromContract(r.courierMedium, {
    title: 'Courier mediums',
    fields: [
      { name: 'courierMediumName', label: 'Name', type: 'text', required: true },
      {
        name: 'type',
        label: 'Type',
        type: 'enum',
        options: [
          { value: 'courier', label: 'Courier' },
          { value: 'deliveryBoy', label: 'Delivery boy' },
        ],
        initial: 'courier',
        required: true,
      },
      { name: 'phone', label: 'Phone', type: 'text', required: true },
      { name: 'email', label: 'E-mail', type: 'email' },
      { name: 'address', label: 'Address', type: 'textarea', required: true },
      ledgerAccount(false),
    ],
    columns: ['courierMediumName', 'type', 'phone', 'email', 'address'],
    // spec: after a courier medium update the list reloads with page 1, count 10
    firstPageAfterUpdate: true,
  }),
  paymentMethod: screenFromContract(r.paymentMethod, {
    title: 'Payment methods',
    fields: [
      { name: 'methodName', label: 'Name', type: 'text', required: true },
      ledgerAccount(true),
      { name: 'ownerAccount', label: 'Account holder', type: 'text' },
      { name: 'instruction', label: 'Instructions for the customer', type: 'textarea' },
      { name: 'logo', label: 'Logo URL', type: 'text' },
      yesNo('isActive', 'Active', 'true'),
      yesNo('atCheckout', 'Offered at checkout', 'false'),
      yesNo('atTill', 'Offered at the till', 'true'),
      // the courier collects it: no payment to verify before delivery, and the till does not take it
      yesNo('isCod', 'Cash on delivery', 'false'),
    ],
    columns: ['methodName', 'subAccountId', 'ownerAccount', 'instruction', 'isActive', 'atCheckout', 'atTill', 'isCod'],
  }),
  coupon: screenFromContract(r.coupon, {
    title: 'Coupons',
    fields: [
      { name: 'couponCode', label: 'Code', type: 'text', required: true },
      {
        name: 'type',
        label: 'Type',
        type: 'enum',
        options: couponTypes.map((value) => ({ value, label: couponTypeLabels[value] })),
        initial: 'percentage',
        required: true,
      },
      { name: 'value', label: 'Value', type: 'number', min: 0, step: 0.01, required: true },
      { name: 'startDate', label: 'Start date', type: 'date', required: true },
      { name: 'endDate', label: 'End date', type: 'date', required: true },
      { name: 'maxUses', label: 'Uses in all', type: 'number', min: 1, step: 1 },
      { name: 'maxUsesPerCustomer', label: 'Uses per shopper', type: 'number', min: 1, step: 1 },
      { name: 'minimumOrder', label: 'Minimum order', type: 'money' },
      { name: 'description', label: 'Description', type: 'textarea' },
    ],
    columns: [
      'couponCode',
      'type',
      // a percentage reads as one, a flat amount as money
      {
        key: 'value',
        title: 'Value',
        align: 'right',
        render: (row) => (row.type === 'percentage' ? `${Number(row.value)}%` : money(row.value)),
      },
      'startDate',
      'endDate',
      'maxUses',
      'maxUsesPerCustomer',
      'minimumOrder',
      'description',
    ],
  }),
};
