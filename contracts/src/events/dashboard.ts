import { z } from 'zod';
import { AuditArea } from '../http/dashboard.ts';
import { defineEvent } from '../envelope.ts';

/**
 * Integration events of the dashboard service (topic akhada.dashboard.events). Fan-out only: the notifications hub
 * pushes `dashboard:changed` to the staff sockets of the location, after the dashboard's read model has the change
 * (so a screen that refetches on the push sees it).
 */
export const FiguresChanged = defineEvent('dashboard.figures_changed', 1, z.object({ locationId: z.uuid().nullable(), area: AuditArea }));
