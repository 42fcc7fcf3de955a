import { inventoryRoutes as r } from '@akhada/contracts';
import { addRoute } from '@akhada/kit';
import type { InventoryDeps } from '../app/deps.ts';
import {
  archiveItem,
  assignItem,
  changeStock,
  createItem,
  disposeItem,
  getItem,
  itemMovements,
  listItems,
  maintainItem,
  maintenanceRecords,
  shopItems,
  updateItem,
} from '../app/items.ts';
import { expiringBatches, inventoryAnalytics, inventoryDashboard, lowStockItems, maintenanceDueItems } from '../app/reports.ts';
import { exportInventory } from '../app/export-inventory.ts';
import { exportSales, listSales } from '../app/sales-list.ts';
import { getSale, posSale, sellOne, shopOrder } from '../app/sales.ts';
import { createSupplier, deleteSupplier, getSupplier, listSuppliers, updateSupplier } from '../app/suppliers.ts';

type Svc = Parameters<typeof addRoute>[0];

/**
 * Contracts give the schemas (400 on bad input) and the roles (403, enforced by addRoute); the app layer keeps the rules
 * a role list cannot express (own location) and does the work.
 */
export const registerRoutes = (svc: Svc, deps: InventoryDeps): void => {
  addRoute(svc, r.export, async ({ ctx, query }, _req, reply) => {
    const file = exportInventory(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.dashboard, async ({ ctx, query }) => ({ success: true, data: await inventoryDashboard(deps, ctx, query.locationId) }));
  addRoute(svc, r.analytics, async ({ ctx, query }) => ({ success: true, data: await inventoryAnalytics(deps, ctx, query) }));
  addRoute(svc, r.list, async ({ ctx, query }) => listItems(deps, ctx, query));
  addRoute(svc, r.shop, async ({ ctx, query }) => shopItems(deps, ctx, query));
  addRoute(svc, r.lowStock, async ({ ctx, query }) => ({ success: true, data: await lowStockItems(deps, ctx, query.locationId) }));
  addRoute(svc, r.expiring, async ({ ctx, query }) => ({ success: true, data: await expiringBatches(deps, ctx, query.days, query.locationId) }));
  addRoute(svc, r.maintenanceDue, async ({ ctx, query }) => ({ success: true, data: await maintenanceDueItems(deps, ctx, query.locationId) }));
  addRoute(svc, r.maintenanceRecords, async ({ ctx, query }) => maintenanceRecords(deps, ctx, query));
  addRoute(svc, r.listSuppliers, async ({ ctx, query }) => listSuppliers(deps, ctx, query));
  addRoute(svc, r.createSupplier, async ({ ctx, body }, _req, reply) => {
    const data = await createSupplier(deps, ctx, body);
    reply.code(201);
    return { success: true, data };
  });
  addRoute(svc, r.getSupplier, async ({ ctx, params }) => ({ success: true, data: await getSupplier(deps, ctx, params.id) }));
  addRoute(svc, r.updateSupplier, async ({ ctx, params, body }) => ({ success: true, data: await updateSupplier(deps, ctx, params.id, body) }));
  addRoute(svc, r.deleteSupplier, async ({ ctx, params }) => {
    await deleteSupplier(deps, ctx, params.id);
    return { success: true, message: 'Supplier archived' };
  });
  addRoute(svc, r.get, async ({ ctx, params }) => ({ success: true, data: await getItem(deps, ctx, params.id) }));
  addRoute(svc, r.movements, async ({ ctx, params, query }) => itemMovements(deps, ctx, params.id, query));
  addRoute(svc, r.create, async ({ ctx, body }, _req, reply) => {
    const data = await createItem(deps, ctx, body);
    reply.code(201);
    return { success: true, data };
  });
  addRoute(svc, r.update, async ({ ctx, params, body }) => ({ success: true, data: await updateItem(deps, ctx, params.id, body) }));
  addRoute(svc, r.remove, async ({ ctx, params }) => {
    await archiveItem(deps, ctx, params.id);
    return { success: true, message: 'Item archived' };
  });
  addRoute(svc, r.changeStock, async ({ ctx, params, body }) => ({ success: true, data: await changeStock(deps, ctx, params.id, body) }));
  addRoute(svc, r.assign, async ({ ctx, params, body }) => ({ success: true, data: await assignItem(deps, ctx, params.id, body) }));
  addRoute(svc, r.maintenance, async ({ ctx, params, body }) => ({ success: true, data: await maintainItem(deps, ctx, params.id, body) }));
  addRoute(svc, r.dispose, async ({ ctx, params, body }) => ({ success: true, data: await disposeItem(deps, ctx, params.id, body.reason) }));
  addRoute(svc, r.sell, async ({ ctx, params, body }, _req, reply) => {
    const { sale, created } = await sellOne(deps, ctx, params.id, body);
    reply.code(created ? 201 : 200);
    return { success: true, data: sale };
  });
  addRoute(svc, r.posCreateSale, async ({ ctx, body }, _req, reply) => {
    const { sale, created } = await posSale(deps, ctx, body);
    reply.code(created ? 201 : 200);
    return { success: true, data: sale };
  });
  addRoute(svc, r.posListSales, async ({ ctx, query }) => listSales(deps, ctx, query));
  addRoute(svc, r.posExportSales, async ({ ctx, query }, _req, reply) => {
    const file = exportSales(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.posGetSale, async ({ ctx, params }) => ({ success: true, data: await getSale(deps, ctx, params.saleId) }));
  addRoute(svc, r.shopOrder, async ({ ctx, body }, _req, reply) => {
    const { sale, created } = await shopOrder(deps, ctx, body);
    reply.code(created ? 201 : 200);
    return { success: true, data: sale };
  });
};
