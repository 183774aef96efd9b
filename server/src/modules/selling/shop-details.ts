import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.ts';
import { appSetting } from '../../schema/index.ts';

/** The shop as its documents and mails name it: the settings row's name and contact details. */
export interface ShopDetails {
  companyName: string;
  tagLine: string | null;
  address: string | null;
  vatNumber: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  footer: string | null;
}

export async function shopDetails(db: DbOrTx): Promise<ShopDetails> {
  const [row] = await db
    .select({
      companyName: appSetting.companyName,
      tagLine: appSetting.tagLine,
      address: appSetting.address,
      vatNumber: appSetting.vatNumber,
      phone: appSetting.phone,
      email: appSetting.email,
      website: appSetting.website,
      footer: appSetting.footer,
    })
    .from(appSetting)
    .orderBy(asc(appSetting.id))
    .limit(1);
  return (
    row ?? { companyName: 'Our shop', tagLine: null, address: null, vatNumber: null, phone: null, email: null, website: null, footer: null }
  );
}
