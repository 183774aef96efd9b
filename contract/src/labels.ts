/**
 * What the screens call the input fields. Field names on the wire (`productSalePrice`) are code; a
 * person reads the label ("Sale price"). The server builds its messages from these labels and the
 * web shows the same words beside the fields, so "Sale price must be an amount" reads the same in a
 * notice as under the field. A resource whose screen labels a field its own way says so in its
 * contract (`labels`); a name with no label here reads as words ('companyName' → 'Company name').
 */
export type FieldLabels = Readonly<Record<string, string>>;

export const fieldLabels: FieldLabels = {
  // catalogue
  sku: 'SKU',
  productSubCategoryId: 'Sub-category',
  productCategoryId: 'Category',
  productBrandId: 'Brand',
  productAttributeId: 'Attribute',
  productAttributeValueId: 'Attribute values',
  uomId: 'Unit',
  uomValue: 'Pack size',
  productVatId: 'VAT',
  discountId: 'Discount',
  productSalePrice: 'Sale price',
  productPurchasePrice: 'Purchase price',
  productQuantity: 'Opening stock',
  reorderQuantity: 'Reorder level',
  colors: 'Colours',
  color: 'Colour',
  colorCode: 'Colour',
  colourValue: 'Colour',
  productThumbnailImage: 'Thumbnail',
  images: 'Gallery images',
  productId: 'Product',
  fromLine: 'First line',
  toLine: 'Last line',
  permissionId: 'Permissions',
  // settings (issue 34): a till discount above this percent is logged
  discountAlertPercent: 'Discount alert above',
  // staff records
  userId: 'Employee',
  awardedDate: 'Awarded on',
  startTime: 'Starts at',
  endTime: 'Ends at',
  workHour: 'Work hours',
  studyStartDate: 'Started',
  studyEndDate: 'Finished',
  email: 'Email',
  // settings
  tagLine: 'Tag line',
  // the list query's parameters
  key: 'Search text',
  count: 'Page size',
  sort: 'Sort column',
  order: 'Sort order',
  priceRange: 'Price range',
};

/** Words a name keeps in capitals when it is read as words. */
const acronyms: Record<string, string> = { sku: 'SKU', vat: 'VAT', url: 'URL', csv: 'CSV', uom: 'unit', id: 'id' };

/** 'companyName' → 'Company name'; 'productCategoryId' → 'Product category'; 'shift_id' → 'Shift'. */
export function humanise(name: string): string {
  const words = name
    .replace(/[_\-\s]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((w) => w.toLowerCase());
  if (words.length > 1 && words.at(-1) === 'id') words.pop();
  const text = words.map((w) => acronyms[w] ?? w).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The label of a field named by a path: 'productSalePrice', or a dotted path ('1.name', 'lines.0.price')
 * whose last named part is the field; list positions read as 'Item 2: ...' (counted from 1).
 */
export function labelOf(path: string | readonly PropertyKey[], own?: FieldLabels): string {
  const parts = (typeof path === 'string' ? path.split('.') : path.map(String)).filter((p) => p !== '');
  const names = parts.filter((p) => !/^\d+$/.test(p));
  const last = names.at(-1);
  const label = last === undefined ? 'The request' : (own?.[last] ?? fieldLabels[last] ?? humanise(last));
  const positions = parts.filter((p) => /^\d+$/.test(p)).map((p) => `Item ${Number(p) + 1}`);
  return positions.length ? `${positions.join(', ')}: ${label}` : label;
}

/** A label inside a sentence: 'the start date', but 'the SKU'. */
export function inSentence(label: string): string {
  return /^[A-Z]{2}/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** The message a person reads for one field: 'Sale price must be an amount'. */
export function fieldMessage(path: string | readonly PropertyKey[], text: string, own?: FieldLabels): string {
  return `${labelOf(path, own)} ${text}`;
}
