/** Services of the architecture, their local ports, and their Kafka topics. One table, read by the gateway, infra and the kit. */
export const SERVICES = {
  auth: { port: 4101, prefix: 'auth' },
  members: { port: 4102, prefix: 'members' },
  trainers: { port: 4103, prefix: 'trainers' },
  attendance: { port: 4104, prefix: 'attendance' },
  payments: { port: 4105, prefix: 'payments' },
  inventory: { port: 4106, prefix: 'inventory' },
  chat: { port: 4107, prefix: 'chat' },
  notifications: { port: 4108, prefix: 'notifications' },
  feedback: { port: 4109, prefix: 'feedback' },
  dashboard: { port: 4110, prefix: 'dashboard' },
} as const;
export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/**
 * Extra public prefixes that map onto a service (e.g. settings lives with auth; the public website's contact form is
 * stored by auth, while `/api/public/landing` is answered by the gateway itself).
 */
export const EXTRA_PREFIXES: Record<string, ServiceName> = { settings: 'auth', pos: 'inventory', public: 'auth' };

export const topicOf = (service: ServiceName): string => `akhada.${service}.events`;

/** Attendance gets more partitions so its consumers can scale out on their own. */
export const TOPICS: { topic: string; numPartitions: number }[] = SERVICE_NAMES.map((s) => ({
  topic: topicOf(s),
  numPartitions: s === 'attendance' ? 12 : 3,
}));
