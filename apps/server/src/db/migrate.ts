import { Migrator, type Kysely, type Migration } from 'kysely';
import type { DialectName } from './connect.ts';
import { initial } from './migrations/001-initial.ts';
import { authThrottle } from './migrations/002-auth-throttle.ts';
import { paymentIntentOneOpen } from './migrations/004-payment-intent-one-open.ts';
import { ordersUnpaidByBuyer } from './migrations/005-orders-unpaid-by-buyer.ts';
import { removedEmails } from './migrations/006-removed-emails.ts';
import { reviewPicturesLocal } from './migrations/007-review-pictures-local.ts';
import { catalog } from './migrations/008-catalog.ts';
import { pricing } from './migrations/009-pricing.ts';
import { orderLines } from './migrations/010-order-lines.ts';
import { cart } from './migrations/011-cart.ts';
import { invoices } from './migrations/012-invoices.ts';
import { orderEvents } from './migrations/013-order-events.ts';
import { outbox } from './migrations/014-outbox.ts';
import { lowStockAndSales } from './migrations/015-low-stock-and-sales.ts';
import { orderSearch } from './migrations/017-order-search.ts';
import { audit } from './migrations/018-audit.ts';
import { shipmentsAndStockAlerts } from './migrations/020-shipments-and-stock-alerts.ts';
import { businessProfile } from './migrations/021-business-profile.ts';
import { reviewHiding } from './migrations/022-review-hiding.ts';
import { contactInbox } from './migrations/023-contact-inbox.ts';
import { catalogNameKeys } from './migrations/024-catalog-name-keys.ts';
import { catalogNewestFirst } from './migrations/025-catalog-newest-first.ts';
import { catalogLongerPrefixes } from './migrations/026-catalog-longer-prefixes.ts';
import { catalogInStockPrices } from './migrations/027-catalog-in-stock-prices.ts';
import { lowStockIndexWithoutStock } from './migrations/028-low-stock-index-without-stock.ts';
import { catalogSearchLiveOnly } from './migrations/029-catalog-search-live-only.ts';
import { catalogInStockPostgres } from './migrations/030-catalog-in-stock-postgres.ts';
import { catalogWordParts } from './migrations/031-catalog-word-parts.ts';
import { catalogSearchStatistics } from './migrations/032-catalog-search-statistics.ts';
import { orderSearchShortPendingLists } from './migrations/033-order-search-short-pending-lists.ts';
import { orderSearchCompany } from './migrations/034-order-search-company.ts';
import { savedLists } from './migrations/035-saved-lists.ts';
import { toolSkuKey } from './migrations/036-tool-sku-key.ts';
import { lowStockNotices } from './migrations/037-low-stock-notices.ts';
import { stockMoveNotes } from './migrations/038-stock-move-notes.ts';
import { toolCategory } from './migrations/039-tool-category.ts';
import { shipToAddresses } from './migrations/040-ship-to-addresses.ts';
import { orderRefunds } from './migrations/041-order-refunds.ts';
import { creditNotes } from './migrations/042-credit-notes.ts';
import { pendingRefundsIndex } from './migrations/043-pending-refunds-index.ts';
import { invoiceEmail } from './migrations/044-invoice-email.ts';

/** Migrations in order. Add a file under migrations/ and list it here; never edit a shipped one. */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '001-initial': initial(dialect),
    '002-auth-throttle': authThrottle(dialect),
    '004-payment-intent-one-open': paymentIntentOneOpen,
    '005-orders-unpaid-by-buyer': ordersUnpaidByBuyer,
    '006-removed-emails': removedEmails,
    '007-review-pictures-local': reviewPicturesLocal,
    '008-catalog': catalog(dialect),
    '009-pricing': pricing(dialect),
    '010-order-lines': orderLines(dialect),
    '011-cart': cart(dialect),
    '012-invoices': invoices(dialect),
    '013-order-events': orderEvents(dialect),
    '014-outbox': outbox(dialect),
    '015-low-stock-and-sales': lowStockAndSales,
    '017-order-search': orderSearch(dialect),
    '018-audit': audit(dialect),
    '020-shipments-and-stock-alerts': shipmentsAndStockAlerts(dialect),
    '021-business-profile': businessProfile,
    '022-review-hiding': reviewHiding(dialect),
    '023-contact-inbox': contactInbox(dialect),
    '024-catalog-name-keys': catalogNameKeys(dialect),
    '025-catalog-newest-first': catalogNewestFirst(dialect),
    '026-catalog-longer-prefixes': catalogLongerPrefixes(dialect),
    '027-catalog-in-stock-prices': catalogInStockPrices(dialect),
    '028-low-stock-index-without-stock': lowStockIndexWithoutStock(dialect),
    '029-catalog-search-live-only': catalogSearchLiveOnly(dialect),
    '030-catalog-in-stock-postgres': catalogInStockPostgres(dialect),
    '031-catalog-word-parts': catalogWordParts(dialect),
    '032-catalog-search-statistics': catalogSearchStatistics(dialect),
    '033-order-search-short-pending-lists': orderSearchShortPendingLists(dialect),
    '034-order-search-company': orderSearchCompany(dialect),
    '035-saved-lists': savedLists(dialect),
    '036-tool-sku-key': toolSkuKey,
    '037-low-stock-notices': lowStockNotices(dialect),
    '038-stock-move-notes': stockMoveNotes,
    '039-tool-category': toolCategory,
    '040-ship-to-addresses': shipToAddresses(dialect),
    '041-order-refunds': orderRefunds(dialect),
    '042-credit-notes': creditNotes(dialect),
    '043-pending-refunds-index': pendingRefundsIndex,
    '044-invoice-email': invoiceEmail,
  };
}

export async function migrateToLatest(db: Kysely<any>, dialect: DialectName, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations(dialect) },
    // Without it Kysely would find another schema's migration table and skip creating ours.
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
