import { messages, resources as r } from '@tillbook/contract';
import { columnFor } from '../../ui/resource/columns.tsx';
import type { FieldDef } from '../../ui/resource/fields.ts';
import { refTo, screenFromContract } from '../../ui/resource/screen-from-contract.ts';

const name: FieldDef = { name: 'name', label: 'Name', type: 'text', required: true };
const colour: FieldDef = { name: 'colorCode', label: 'Colour', type: 'color', required: true };
const category: FieldDef = { name: 'productCategoryId', label: 'Category', type: 'ref', ...refTo(r.productCategory), required: true };
const attribute: FieldDef = { name: 'productAttributeId', label: 'Attribute', type: 'ref', ...refTo(r.productAttribute), required: true };

/** The catalogue's lists: what products are sorted, described and taxed by. */
export const catalogueScreens = {
  color: screenFromContract(r.color, {
    title: 'Colours',
    fields: [name, colour],
    columns: ['name', { ...columnFor(colour), title: 'Code' }],
    messages: {
      created: messages.colorAdded,
      createdMany: messages.colorsAdded,
      updated: messages.colorUpdated,
      activated: messages.colorStatus,
      hidden: messages.colorStatus,
      deleted: messages.colorStatus,
    },
  }),
  productCategory: screenFromContract(r.productCategory, { title: 'Categories', fields: [name] }),
  productSubCategory: screenFromContract(r.productSubCategory, {
    title: 'Sub-categories',
    fields: [name, category],
    filters: [{ name: 'productCategoryId', label: 'Category', ...refTo(r.productCategory) }],
  }),
  productBrand: screenFromContract(r.productBrand, { title: 'Brands', fields: [name] }),
  uom: screenFromContract(r.uom, {
    title: 'Units',
    fields: [name],
    messages: {
      created: messages.uomAdded,
      updated: messages.uomUpdated,
      activated: messages.uomActivated,
      hidden: messages.uomHidden,
      deleted: messages.uomHidden,
    },
  }),
  vat: screenFromContract(r.vat, {
    title: 'VAT/tax types',
    fields: [
      { name: 'title', label: 'Title', type: 'text', required: true },
      { name: 'percentage', label: 'Percentage', type: 'number', min: 0, max: 100, step: 0.01, suffix: '%', required: true },
    ],
    messages: {
      created: messages.vatAdded,
      updated: messages.vatUpdated,
      activated: messages.vatActivated,
      hidden: messages.vatHidden,
      deleted: messages.vatHidden,
    },
    // spec: a VAT/tax update reloads page 1, count 10, status true
    reloadWith: { update: { page: 1, count: 10, status: 'true' } },
  }),
  productAttribute: screenFromContract(r.productAttribute, { title: 'Attributes', fields: [name] }),
  productAttributeValue: screenFromContract(r.productAttributeValue, {
    title: 'Attribute values',
    fields: [attribute, { ...name, label: 'Value' }],
    filters: [{ name: 'productAttributeId', label: 'Attribute', ...refTo(r.productAttribute) }],
  }),
};
