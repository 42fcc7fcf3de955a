/*
 * The kiosk's scans that could not be sent (the network was down), kept in localStorage with the time each was read,
 * and sent in order when the network returns. The codes are signed by the server, so nothing here is trusted.
 */
export interface QueuedScan {
  qrCode: string;
  scannedAt: string;
}

const KEY = 'akhada.attendance.kiosk-queue';

export function readQueue(): QueuedScan[] {
  try {
    const raw = localStorage.getItem(KEY);
    const list: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(list)
      ? list.filter((s): s is QueuedScan => typeof s === 'object' && s !== null && typeof s.qrCode === 'string' && typeof s.scannedAt === 'string')
      : [];
  } catch {
    return [];
  }
}

function write(list: QueuedScan[]) {
  try {
    if (list.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // storage full or blocked: the scan is lost, as it would be without a queue
  }
}

export function enqueueScan(scan: QueuedScan): number {
  const list = [...readQueue(), scan];
  write(list);
  return list.length;
}

/**
 * Sends the queue oldest first with `send`; a scan the server answered (accepted or refused) leaves the queue, a
 * network failure stops the run and keeps it and the rest. Returns how many are left.
 */
export async function flushQueue(send: (scan: QueuedScan) => Promise<'done' | 'offline'>): Promise<number> {
  const list = readQueue();
  while (list.length > 0) {
    const result = await send(list[0]!);
    if (result === 'offline') break;
    list.shift();
    write(list);
  }
  return list.length;
}
