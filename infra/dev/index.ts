// The local runtime, for what runs the product outside `npm start` (the browser suite's global setup): PostgreSQL,
// Kafka and the sinks made ready (provision), and every service plus the gateway started and supervised (startStack).
export * from './provision.ts';
export * from './stack.ts';
