import { eq, inArray } from 'drizzle-orm';
import type { Clock } from '../platform/clock.ts';
import type { Db, Tx } from '../platform/db.ts';
import type { FileStore } from '../platform/files.ts';
import { StagedFiles, type Warnings } from '../platform/stored-files.ts';
import * as s from '../schema/index.ts';
import { defaultCompanyName } from './base.ts';
import { demoProductImages, seedDemoProducts } from './demo-products.ts';
import { openDemoTill, seedDemoTill } from './demo-till.ts';
import { seedDemoVariants } from './demo-variants.ts';

const demoFlag = 'demoSeeded';

export interface DemoDeps {
  /** Where the demo products' pictures are stored. */
  files: FileStore;
  /** Dates the opening stock and the discounts. */
  clock: Clock;
  log: Warnings;
}

/**
 * A small demo shop, loaded once (the first time it is asked for), in one transaction: the lists,
 * then two dozen products with pictures, stock and discounts (demo-products.ts). No accounts with
 * known passwords. It may be asked for on a shop that already has data: it then skips what exists
 * (same unique name or SKU) and keeps the owner's company name. Pictures written for a failed
 * seed are removed again.
 */
export async function seedDemo(db: Db, deps: DemoDeps): Promise<void> {
  const [done] = await db.select({ name: s.serverState.name }).from(s.serverState).where(eq(s.serverState.name, demoFlag));
  if (done) return;
  // drawn and encoded before the transaction, as an upload is
  const images = await demoProductImages();
  const files = new StagedFiles(deps.files);
  try {
    await db.transaction(async (tx) => {
      if (!(await seedDemoLists(tx))) return;
      await seedDemoProducts(tx, files, images, deps.clock);
      await seedDemoVariants(tx, deps.clock);
      await openDemoTill(tx, deps.clock);
    });
  } catch (error) {
    await files.rollback(deps.log);
    throw error;
  }
}

/** The demo's lists (departments ... payment methods, the till's page sizes and suppliers); false, and nothing, when the demo was already loaded. */
async function seedDemoLists(tx: Tx): Promise<boolean> {
  const first = await tx
    .insert(s.serverState)
    .values({ name: demoFlag, value: new Date().toISOString() })
    .onConflictDoNothing()
    .returning();
  if (first.length === 0) return false;
  await tx
    .update(s.appSetting)
    .set({ companyName: 'Corner Shop (demo)', tagLine: 'Everything for the home', footer: 'Powered by Tillbook' })
    .where(eq(s.appSetting.companyName, defaultCompanyName));
  await tx
    .insert(s.department)
    .values([{ name: 'Shop floor' }, { name: 'Stock room' }, { name: 'Office' }])
    .onConflictDoNothing();
  await tx
    .insert(s.designation)
    .values([{ name: 'Cashier' }, { name: 'Store manager' }, { name: 'Stock clerk' }])
    .onConflictDoNothing();
  await tx
    .insert(s.employmentStatus)
    .values([
      { name: 'Full time', colourValue: '#2e7d32' },
      { name: 'Part time', colourValue: '#f9a825' },
    ])
    .onConflictDoNothing();
  await tx
    .insert(s.shift)
    .values([
      { name: 'Morning', startTime: '08:00', endTime: '14:00', workHour: 6 },
      { name: 'Evening', startTime: '14:00', endTime: '20:00', workHour: 6 },
    ])
    .onConflictDoNothing();
  await tx
    .insert(s.award)
    .values([{ name: 'Employee of the month' }])
    .onConflictDoNothing();

  const categoryNames = ['Household', 'Electronics', 'Personal care'];
  await tx
    .insert(s.productCategory)
    .values(categoryNames.map((name) => ({ name })))
    .onConflictDoNothing();
  const categories = await tx.select().from(s.productCategory).where(inArray(s.productCategory.name, categoryNames));
  const category = new Map(categories.map((c) => [c.name, c.id]));
  await tx
    .insert(s.productSubCategory)
    .values([
      { name: 'Kitchen', productCategoryId: category.get('Household')! },
      { name: 'Cleaning', productCategoryId: category.get('Household')! },
      { name: 'Phones', productCategoryId: category.get('Electronics')! },
      { name: 'Laptops', productCategoryId: category.get('Electronics')! },
      { name: 'Cosmetics', productCategoryId: category.get('Personal care')! },
    ])
    .onConflictDoNothing();
  await tx
    .insert(s.productBrand)
    .values([{ name: 'Acme' }, { name: 'Northwind' }, { name: 'Globex' }])
    .onConflictDoNothing();
  await tx
    .insert(s.colors)
    .values([
      { name: 'Black', colorCode: '#000000' },
      { name: 'White', colorCode: '#ffffff' },
      { name: 'Red', colorCode: '#d32f2f' },
    ])
    .onConflictDoNothing();
  await tx.insert(s.productAttribute).values({ name: 'Size' }).onConflictDoNothing();
  const [size] = await tx.select({ id: s.productAttribute.id }).from(s.productAttribute).where(eq(s.productAttribute.name, 'Size'));
  await tx
    .insert(s.productAttributeValue)
    .values(['S', 'M', 'L'].map((name) => ({ name, productAttributeId: size!.id })))
    .onConflictDoNothing();
  await tx
    .insert(s.deliveryFee)
    .values([
      { deliveryArea: 'City centre', deliveryFee: 3.5 },
      { deliveryArea: 'Outskirts', deliveryFee: 6 },
    ])
    .onConflictDoNothing();
  await tx.insert(s.pageSize).values({ pageSizeName: 'A4', width: 8.27, height: 11.69, unit: 'inches' }).onConflictDoNothing();
  await tx
    .insert(s.termsAndCondition)
    .values({ title: 'Returns', subject: 'Goods may be returned within 14 days with the receipt.' })
    .onConflictDoNothing();
  const [cash] = await tx.select({ id: s.subAccount.id }).from(s.subAccount).where(eq(s.subAccount.systemKey, 'cash'));
  await tx
    .insert(s.paymentMethod)
    .values({
      methodName: 'Cash on delivery',
      subAccountId: cash!.id,
      instruction: 'Pay the courier on delivery.',
      atTill: 'false',
      isCod: 'true',
      atCheckout: 'true',
    })
    .onConflictDoNothing();
  const [bank] = await tx.select({ id: s.subAccount.id }).from(s.subAccount).where(eq(s.subAccount.systemKey, 'bank'));
  // the web shop's manual payment: the shopper pays by transfer and gives the transaction id, staff verify it
  await tx
    .insert(s.paymentMethod)
    .values({
      methodName: 'Bank transfer',
      subAccountId: bank!.id,
      ownerAccount: 'Tillbook Demo Shop, IBAN GB00 DEMO 0000 0000 0000 00',
      instruction: 'Transfer the total to our account, then enter your account and the transaction id.',
      atTill: 'false',
      atCheckout: 'true',
    })
    .onConflictDoNothing();
  await tx
    .insert(s.courierMedium)
    .values({ courierMediumName: 'Own delivery', address: 'The shop', phone: '+10000000000', type: 'deliveryBoy' })
    .onConflictDoNothing();
  // where the shop's leads come from (the leads' Source choice)
  await tx
    .insert(s.leadSource)
    .values(['Walk-in', 'Website', 'Phone call', 'Referral'].map((name) => ({ name })))
    .onConflictDoNothing();
  await seedDemoTill(tx);
  return true;
}
