import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db.ts';
import * as s from '../schema/index.ts';

/** A small demo shop, loaded once (the first time it is asked for). No accounts with known passwords. */
export async function seedDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const first = await tx.insert(s.serverState).values({ name: 'demoSeeded', value: new Date().toISOString() }).onConflictDoNothing().returning();
    if (first.length === 0) return;
    await tx.update(s.appSetting).set({ companyName: 'Corner Shop (demo)', tagLine: 'Everything for the home', footer: 'Powered by Tillbook' });
    await tx.insert(s.department).values([{ name: 'Shop floor' }, { name: 'Stock room' }, { name: 'Office' }]);
    await tx.insert(s.designation).values([{ name: 'Cashier' }, { name: 'Store manager' }, { name: 'Stock clerk' }]);
    await tx.insert(s.employmentStatus).values([
      { name: 'Full time', colourValue: '#2e7d32' },
      { name: 'Part time', colourValue: '#f9a825' },
    ]);
    await tx.insert(s.shift).values([
      { name: 'Morning', startTime: '08:00', endTime: '14:00', workHour: 6 },
      { name: 'Evening', startTime: '14:00', endTime: '20:00', workHour: 6 },
    ]);
    await tx.insert(s.award).values([{ name: 'Employee of the month' }]);
    const categories = await tx
      .insert(s.productCategory)
      .values([{ name: 'Household' }, { name: 'Electronics' }, { name: 'Personal care' }])
      .returning();
    const byName = new Map(categories.map((c) => [c.name, c.id]));
    await tx.insert(s.productSubCategory).values([
      { name: 'Kitchen', productCategoryId: byName.get('Household')! },
      { name: 'Cleaning', productCategoryId: byName.get('Household')! },
      { name: 'Phones', productCategoryId: byName.get('Electronics')! },
      { name: 'Laptops', productCategoryId: byName.get('Electronics')! },
      { name: 'Cosmetics', productCategoryId: byName.get('Personal care')! },
    ]);
    await tx.insert(s.productBrand).values([{ name: 'Acme' }, { name: 'Northwind' }, { name: 'Globex' }]);
    await tx.insert(s.colors).values([
      { name: 'Black', colorCode: '#000000' },
      { name: 'White', colorCode: '#ffffff' },
      { name: 'Red', colorCode: '#d32f2f' },
    ]);
    const [size] = await tx.insert(s.productAttribute).values({ name: 'Size' }).returning();
    await tx.insert(s.productAttributeValue).values(['S', 'M', 'L'].map((name) => ({ name, productAttributeId: size!.id })));
    await tx.insert(s.deliveryFee).values([{ deliveryArea: 'City centre', deliveryFee: 3.5 }, { deliveryArea: 'Outskirts', deliveryFee: 6 }]);
    await tx.insert(s.pageSize).values({ pageSizeName: 'A4', width: 8.27, height: 11.69, unit: 'inches' });
    await tx.insert(s.termsAndCondition).values({ title: 'Returns', subject: 'Goods may be returned within 14 days with the receipt.' });
    const [cash] = await tx.select({ id: s.subAccount.id }).from(s.subAccount).where(eq(s.subAccount.systemKey, 'cash'));
    await tx.insert(s.paymentMethod).values({ methodName: 'Cash on delivery', subAccountId: cash!.id, instruction: 'Pay the courier on delivery.' });
    await tx.insert(s.courierMedium).values({ courierMediumName: 'Own delivery', address: 'The shop', phone: '+10000000000', type: 'deliveryBoy' });
  });
}
