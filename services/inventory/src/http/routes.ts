import { inventoryRoutes as r } from '@akhada/contracts';
import { addRoute, requireRole } from '@akhada/kit';
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

/** Contracts give the schemas (400 on bad input); the app layer authorizes and does the work. */
export const registerRoutes = (svc: Svc, deps: InventoryDeps): void => {
  addRoute(svc, r.export, async ({ ctx, query }, _req, reply) => {
    requireRole(ctx, r.export.roles);
    const file = exportInventory(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.dashboard, async ({ ctx, query }) => {
    requireRole(ctx, r.dashboard.roles);
    return { success: true, data: await inventoryDashboard(deps, ctx, query.locationId) };
  });
  addRoute(svc, r.analytics, async ({ ctx, query }) => {
    requireRole(ctx, r.analytics.roles);
    return { success: true, data: await inventoryAnalytics(deps, ctx, query) };
  });
  addRoute(svc, r.list, async ({ ctx, query }) => {
    requireRole(ctx, r.list.roles);
    return listItems(deps, ctx, query);
  });
  addRoute(svc, r.shop, async ({ ctx, query }) => {
    requireRole(ctx, r.shop.roles);
    return shopItems(deps, ctx, query);
  });
  addRoute(svc, r.lowStock, async ({ ctx, query }) => {
    requireRole(ctx, r.lowStock.roles);
    return { success: true, data: await lowStockItems(deps, ctx, query.locationId) };
  });
  addRoute(svc, r.expiring, async ({ ctx, query }) => {
    requireRole(ctx, r.expiring.roles);
    return { success: true, data: await expiringBatches(deps, ctx, query.days, query.locationId) };
  });
  addRoute(svc, r.maintenanceDue, async ({ ctx, query }) => {
    requireRole(ctx, r.maintenanceDue.roles);
    return { success: true, data: await maintenanceDueItems(deps, ctx, query.locationId) };
  });
  addRoute(svc, r.maintenanceRecords, async ({ ctx, query }) => {
    requireRole(ctx, r.maintenanceRecords.roles);
    return maintenanceRecords(deps, ctx, query);
  });
  addRoute(svc, r.listSuppliers, async ({ ctx, query }) => {
    requireRole(ctx, r.listSuppliers.roles);
    return listSuppliers(deps, ctx, query);
  });
  addRoute(svc, r.createSupplier, async ({ ctx, body }, _req, reply) => {
    requireRole(ctx, r.createSupplier.roles);
    const data = await createSupplier(deps, ctx, body);
    reply.code(201);
    return { success: true, data };
  });
  addRoute(svc, r.getSupplier, async ({ ctx, params }) => {
    requireRole(ctx, r.getSupplier.roles);
    return { success: true, data: await getSupplier(deps, ctx, params.id) };
  });
  addRoute(svc, r.updateSupplier, async ({ ctx, params, body }) => {
    requireRole(ctx, r.updateSupplier.roles);
    return { success: true, data: await updateSupplier(deps, ctx, params.id, body) };
  });
  addRoute(svc, r.deleteSupplier, async ({ ctx, params }) => {
    requireRole(ctx, r.deleteSupplier.roles);
    await deleteSupplier(deps, ctx, params.id);
    return { success: true, message: 'Supplier archived' };
  });
  addRoute(svc, r.get, async ({ ctx, params }) => {
    requireRole(ctx, r.get.roles);
    return { success: true, data: await getItem(deps, ctx, params.id) };
  });
  addRoute(svc, r.movements, async ({ ctx, params, query }) => {
    requireRole(ctx, r.movements.roles);
    return itemMovements(deps, ctx, params.id, query);
  });
  addRoute(svc, r.create, async ({ ctx, body }, _req, reply) => {
    requireRole(ctx, r.create.roles);
    const data = await createItem(deps, ctx, body);
    reply.code(201);
    return { success: true, data };
  });
  addRoute(svc, r.update, async ({ ctx, params, body }) => {
    requireRole(ctx, r.update.roles);
    return { success: true, data: await updateItem(deps, ctx, params.id, body) };
  });
  addRoute(svc, r.remove, async ({ ctx, params }) => {
    requireRole(ctx, r.remove.roles);
    await archiveItem(deps, ctx, params.id);
    return { success: true, message: 'Item archived' };
  });
  addRoute(svc, r.changeStock, async ({ ctx, params, body }) => {
    requireRole(ctx, r.changeStock.roles);
    return { success: true, data: await changeStock(deps, ctx, params.id, body) };
  });
  addRoute(svc, r.assign, async ({ ctx, params, body }) => {
    requireRole(ctx, r.assign.roles);
    return { success: true, data: await assignItem(deps, ctx, params.id, body) };
  });
  addRoute(svc, r.maintenance, async ({ ctx, params, body }) => {
    requireRole(ctx, r.maintenance.roles);
    return { success: true, data: await maintainItem(deps, ctx, params.id, body) };
  });
  addRoute(svc, r.dispose, async ({ ctx, params, body }) => {
    requireRole(ctx, r.dispose.roles);
    return { success: true, data: await disposeItem(deps, ctx, params.id, body.reason) };
  });
  addRoute(svc, r.sell, async ({ ctx, params, body }, _req, reply) => {
    requireRole(ctx, r.sell.roles);
    const { sale, created } = await sellOne(deps, ctx, params.id, body);
    reply.code(created ? 201 : 200);
    return { success: true, data: sale };
  });
  addRoute(svc, r.posCreateSale, async ({ ctx, body }, _req, reply) => {
    requireRole(ctx, r.posCreateSale.roles);
    const { sale, created } = await posSale(deps, ctx, body);
    reply.code(created ? 201 : 200);
    return { success: true, data: sale };
  });
  addRoute(svc, r.posListSales, async ({ ctx, query }) => {
    requireRole(ctx, r.posListSales.roles);
    return listSales(deps, ctx, query);
  });
  addRoute(svc, r.posExportSales, async ({ ctx, query }, _req, reply) => {
    requireRole(ctx, r.posExportSales.roles);
    const file = exportSales(deps, ctx, query);
    reply.type(file.contentType).header('content-disposition', `attachment; filename="${file.fileName}"`);
    return reply.send(file.body);
  });
  addRoute(svc, r.posGetSale, async ({ ctx, params }) => {
    requireRole(ctx, r.posGetSale.roles);
    return { success: true, data: await getSale(deps, ctx, params.saleId) };
  });
  addRoute(svc, r.shopOrder, async ({ ctx, body }, _req, reply) => {
    requireRole(ctx, r.shopOrder.roles);
    const { sale, created } = await shopOrder(deps, ctx, body);
    reply.code(created ? 201 : 200);
    return { success: true, data: sale };
  });
};
