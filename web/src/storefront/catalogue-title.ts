/** What a catalogue page shows: the words searched for and the names of the category, sub-category and brand chosen. */
export interface CatalogueChoice {
  key?: string | null;
  category?: string;
  subCategory?: string;
  brand?: string;
}

/**
 * The catalogue's heading: the search term and where it looks ("Results for “kettle” in Kitchen"), else the
 * sub-category under its category ("Household › Kitchen"), the category, the brand, or "Products" for them all.
 */
export function catalogueHeading({ key, category, subCategory, brand }: CatalogueChoice): string {
  const place = subCategory ?? category ?? brand;
  const term = key?.trim();
  if (term) return place ? `Results for “${term}” in ${place}` : `Results for “${term}”`;
  if (subCategory) return category ? `${category} › ${subCategory}` : subCategory;
  return category ?? brand ?? 'Products';
}

/** The browser's title of a catalogue page: its heading, then the shop's name. */
export const catalogueTitle = (choice: CatalogueChoice, shopName?: string | null) =>
  shopName ? `${catalogueHeading(choice)} · ${shopName}` : catalogueHeading(choice);
