import { z } from 'zod';
import { out, recordOut } from '../answers.ts';
import { endpoint, listQuery } from '../endpoint.ts';
import { id } from '../fields.ts';
import { statusText } from '../status.ts';

/** The spec's list keys: a shopper's list, and the staff's list of the products shoppers want most. */
export const wishlistListKeys = { rows: 'getAllProductWishlist', total: 'totalProductWishlist' } as const;
export const wishListKeys = { rows: 'getAllWishList', total: 'totalWishList' } as const;

/** The spec's notice when a product leaves the list, and ours when one joins it. */
export const wishlistMessages = {
  added: 'Added to wishlist',
  removed: 'Wishlist Removed Successfully',
  updated: 'Wishlist Updated Successfully',
} as const;

/** POST product-wishlist and DELETE product-wishlist/customer/{id}: the product, nothing else (the list is the caller's). */
export const wishlistProductInput = z.object({ productId: id });

/** PUT product-wishlist/{id}: 'false' sets the line aside (it stays, but is not on the list, the flag or the counts); 'true' brings it back. */
export const wishlistStatusInput = z.object({ status: z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }) });

/**
 * The product of a wishlist line under the public product's keys (`GET product/public/{id}`: what the
 * storefront and a client written against the reference read), with prices from the one pricing
 * function on today's date.
 */
export const wishlistProductOut = z.object({
  id: out.id,
  name: out.text,
  sku: out.text,
  /** The product's own status ('false': hidden from the shop). */
  status: out.status,
  /** The list thumbnail's URL, under the name the spec's cart line reads. */
  productThumbnailImage: out.optionalText,
  productThumbnailImageUrl: out.optionalText,
  productImageUrl: out.optionalText,
  /** The sale price before VAT and discount. */
  productSalePrice: out.money,
  productVatId: out.optionalId,
  /** 0 when the product has no VAT type. */
  vatPercentage: z.number(),
  discountId: out.optionalId,
  /** The sale price with VAT before any discount. */
  productSalePriceWithVat: out.money,
  /** What one unit costs today: the discount taken off, then VAT. */
  finalPriceWithVat: out.money,
  productQuantity: out.int,
  /** 'true' when at least one unit is in stock. */
  inStock: out.status,
  /** 'false' when the product is no longer sold (hidden after it was wished for). */
  forSale: out.status,
});

/** A line of a shopper's wishlist. */
export const wishlistLineOut = z.object({
  ...recordOut,
  customerId: out.id,
  productId: out.id,
  product: wishlistProductOut,
});
export type WishlistLine = z.infer<typeof wishlistLineOut>;

export const wishlistOfCustomerOut = z.object({
  [wishlistListKeys.rows]: z.array(wishlistLineOut),
  [wishlistListKeys.total]: out.int,
});
export type WishlistOfCustomer = z.infer<typeof wishlistOfCustomerOut>;

/** A row of the staff's list: a product and how many shoppers have it on their list. */
export const wishedProductOut = z.object({
  productId: out.id,
  name: out.text,
  sku: out.text,
  productThumbnailImage: out.optionalText,
  finalPriceWithVat: out.money,
  productQuantity: out.int,
  /** The product's own status ('false': hidden from the shop). */
  status: statusText,
  /** Shoppers with the product on their list. */
  wishlistCount: out.int,
  /** When a shopper last added it. */
  lastWishedAt: out.timestamp,
});
export type WishedProduct = z.infer<typeof wishedProductOut>;

export const wishListOut = z.object({ [wishListKeys.rows]: z.array(wishedProductOut), [wishListKeys.total]: out.int });
export type WishList = z.infer<typeof wishListOut>;

const lineAnswer = wishlistLineOut.extend({ message: out.text });
const wishlistLabels = { productId: 'Product' };

/**
 * The wishlist (reference 3.19): one list per shopper, its lines a product each. A shopper reaches only
 * their own list (the owner comes from the token); staff read every list and what shoppers want most.
 */
export const wishlistEndpoints = {
  add: endpoint({
    method: 'POST',
    path: 'product-wishlist',
    access: 'customer',
    body: wishlistProductInput,
    labels: wishlistLabels,
    answer: lineAnswer,
    status: 201,
  }),
  /** A shopper's list, newest first: their own (another shopper's is not found); staff any. */
  ofCustomer: endpoint({
    method: 'GET',
    path: 'product-wishlist/customer/:id',
    access: 'readAll-productWishlist',
    customers: 'own',
    query: listQuery({ sortable: ['createdAt', 'id'] }),
    answer: wishlistOfCustomerOut,
  }),
  /** Staff: the products on shoppers' lists with their count of wishers, most wished first; `key` searches name and SKU. */
  list: endpoint({
    method: 'GET',
    path: 'product-wishlist',
    access: 'readAll-productWishlist',
    query: listQuery({ sortable: ['wishlistCount', 'name', 'lastWishedAt'] }),
    answer: wishListOut,
  }),
  get: endpoint({
    method: 'GET',
    path: 'product-wishlist/:id',
    access: 'readSingle-productWishlist',
    customers: 'own',
    answer: wishlistLineOut,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'product-wishlist/:id',
    access: 'update-productWishlist',
    customers: 'own',
    body: wishlistStatusInput,
    answer: lineAnswer,
  }),
  /** Takes the product off the shopper's list: 'Wishlist Removed Successfully'. */
  remove: endpoint({
    method: 'DELETE',
    path: 'product-wishlist/customer/:id',
    access: 'delete-productWishlist',
    customers: 'own',
    body: wishlistProductInput,
    labels: wishlistLabels,
    answer: z.object({ message: out.text, productId: out.id }),
  }),
};
