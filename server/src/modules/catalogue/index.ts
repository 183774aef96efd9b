import type { AppContext } from '../../platform/context.ts';
import type { RouteDef } from '../../platform/route.ts';
import { catalogueExtraRoutes } from './discount-slider-reports.ts';
import { productCsvRoutes } from './product-csv-routes.ts';
import { productRoutes } from './product-routes.ts';
import { productVariantRoutes } from './product-variant.ts';

export { categoryModes } from './category-tree.ts';
/** For the demo seed: products made through the same use case and image path as POST /product. */
export { createProduct } from './create-product.ts';
/** For the demo seed: variants made from a matrix, as POST /product-variant/matrix makes them. */
export { countOversold } from './oversold-report.ts';
export { type EncodedProductImages, encodeProductImages, imageUrls, storeProductImages, thumbnailNameOf } from './product-images.ts';
export { productsTouchedBy } from './product-variant.ts';
export { makeVariants } from './product-variant-matrix.ts';
export { subCategoryModes } from './sub-category.ts';

/** The catalogue: products (staff and storefront), discounts, slider images, reports, CSV import and export. */
export const catalogueRoutes = (ctx: AppContext): RouteDef[] => [
  ...productRoutes(ctx),
  ...productVariantRoutes(ctx),
  ...catalogueExtraRoutes(ctx),
  ...productCsvRoutes(ctx),
];
