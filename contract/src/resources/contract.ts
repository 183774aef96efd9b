import type { z } from 'zod';
import type { FieldLabels } from '../labels.ts';
import type { Entity } from '../permissions.ts';

/** How a courier medium delivers. */
export const courierTypes = ['courier', 'deliveryBoy'] as const;
/** The unit a page size is measured in. */
export const pageSizeUnits = ['inches', 'mm', 'cm'] as const;

/**
 * The plain resources: records with a name and a status. One contract per resource, used by the
 * server's resource factory (routes, validation, list keys) and by the web's generic screens.
 */
export interface ResourceContract<S extends z.ZodObject = z.ZodObject> {
  /** Path under the API base, e.g. 'product-color'. */
  path: string;
  /** Permission entity: routes need `<action>-<entity>`. */
  entity: Entity;
  /** List keys: getAll<listName> and total<listName> (or totalKey). */
  listName: string;
  totalKey?: string;
  /** What a person calls one record. */
  label: string;
  input: S;
  /** Field labels where this resource's screen differs from the shared ones (`fieldLabels`); messages use them. */
  labels?: FieldLabels;
  /** Soft: PATCH {status}. Hard: DELETE {id}. */
  deletion: 'soft' | 'hard';
  /** Also answers GET <path>/public without a token (active rows). */
  publicList?: boolean;
  /** POST <path>?query=createmany takes an array. */
  createMany?: boolean;
  /** POST <path>/{id} updates, as PUT does. */
  postUpdate?: boolean;
  /** Columns that must be unique among rows (409 naming the field); a list is unique together and names its last field. */
  unique?: (string | readonly string[])[];
  /** Date pairs [start, end]: the end, when given, must not be before the start (400 naming the end). */
  periods?: readonly (readonly [string, string])[];
  /** Columns searched by query=search&key=. */
  search: string[];
  /** Columns the list may be sorted by. */
  sortable: string[];
  /** The column shown as the record's name. */
  titleField: string;
}

export const define = <S extends z.ZodObject>(c: ResourceContract<S>) => c;
