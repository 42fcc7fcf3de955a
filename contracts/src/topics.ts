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
  scheduling: { port: 4111, prefix: 'scheduling' },
  enquiries: { port: 4112, prefix: 'enquiries' },
} as const;
export type ServiceName = keyof typeof SERVICES;
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/**
 * Extra public prefixes that map onto a service (e.g. settings lives with auth; the public website's contact form is
 * stored by auth, while `/api/public/landing` is answered by the gateway itself).
 */
export const EXTRA_PREFIXES: Record<string, ServiceName> = {
  settings: 'auth',
  pos: 'inventory',
  public: 'auth',
  // A path below another prefix: the more specific route wins in the gateway (notification preferences live with notifications).
  'settings/notifications': 'notifications',
  // The messaging settings and webhooks of Settings → Integrations: notifications delivers them.
  'settings/integrations': 'notifications',
};

/**
 * Environments that share one broker (development, the browser-test stack, benchmarks) keep apart by a namespace
 * (AKHADA_TOPIC_NAMESPACE, empty in production): it prefixes topics and consumer groups. Read on the server only.
 */
export const topicNamespace = (): string =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.AKHADA_TOPIC_NAMESPACE ?? '';
const prefixed = (name: string): string => (topicNamespace() ? `${topicNamespace()}.${name}` : name);

export const topicOf = (service: ServiceName): string => prefixed(`akhada.${service}.events`);
export const consumerGroupOf = (groupId: string): string => prefixed(groupId);

/**
 * The data-rights desk's answers (`<service>.person_erased`): a topic of their own, so auth follows one quiet topic
 * instead of reading every check-in, notification and dashboard change of the services that answer.
 */
export const dataRightsTopic = (): string => prefixed('akhada.data-rights.events');

/** Attendance gets more partitions so its consumers can scale out on their own. */
export const topicSpecs = (): { topic: string; numPartitions: number }[] => [
  ...SERVICE_NAMES.map((s) => ({ topic: topicOf(s), numPartitions: s === 'attendance' ? 12 : 3 })),
  { topic: dataRightsTopic(), numPartitions: 3 },
];
