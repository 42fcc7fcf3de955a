// Import boundaries, checked by dependency-cruiser on RESOLVED paths (`npm run lint`, and so `npm test`).
// A rule names a module by where it lives in the repository, so a relative path, a package name (`@akhada/members`),
// a subpath export or a re-export all count the same, and one rule with a capture group ($1) covers every service and
// every feature, present and future. Messages: `<rule>: <importer> → <imported>` followed by the rule's comment.
//
// There is no baseline of tolerated violations: every violation fails the run (fix it; do not list it somewhere).
// Chosen over eslint-plugin-boundaries / import-x/no-restricted-paths because it checks resolved paths with capture
// groups, and can follow imports transitively (`reachable`), which is what "@akhada/kit/domain loads no I/O" needs.
import { readFileSync } from 'node:fs';

// What `@akhada/kit/domain` resolves to (the errors, the Decider type, given/when/then: the kit's pure part).
// Read from the kit's exports map so the rule follows the file if it moves; the conventional place until it exists.
/** The file behind one of the kit's package exports (read from its package.json, so a rename follows). */
const kitEntry = (exportName, fallback) => {
  try {
    const kit = JSON.parse(readFileSync(`${import.meta.dirname}/services/kit/package.json`, 'utf8'));
    const entry = kit.exports?.[exportName];
    const target = typeof entry === 'string' ? entry : (entry?.import ?? entry?.default);
    if (typeof target === 'string') return `services/kit/${target.replace(/^\.\//, '')}`;
  } catch {
    /* fall through */
  }
  return fallback;
};
const kitDomainEntry = kitEntry('./domain', 'services/kit/src/domain/index.ts');
const kitDeciderSpec = kitEntry('./testing/decider', 'services/kit/src/testing/decider-spec.ts');
const re = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const TEST_FILE = '\\.(test|spec)\\.tsx?$';
// Libraries that talk to the outside world (network, disk, clock-driven infrastructure) or drag one in.
const IO_LIBRARIES = [
  'fastify',
  '@fastify',
  'kafkajs',
  'pg',
  'pg-.*',
  'kysely',
  'pino',
  'pino-.*',
  'jose',
  'nodemailer',
  'socket\\.io',
  'socket\\.io-client',
  'smtp-server',
  'mailparser',
  'undici',
  'ws',
  'argon2',
  'bcrypt.*',
];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'An import cycle (a → b → … → a): modules that load each other cannot be understood, tested or moved on their own. ' +
        'Move what both need into a third module both import, or pass it in (a parameter, the composition root).',
      from: { pathNot: '^node_modules/' },
      to: { circular: true, viaOnly: { pathNot: '^node_modules/' } },
    },
    {
      name: 'layer-http',
      severity: 'error',
      comment:
        "A service's layers point one way (services/README.md): http → app → {aggregates, views, db, domain, adapters}. " +
        'Routes parse, call a use case and shape the reply; they do not reach consumers, projections or the hub.',
      from: { path: '^services/(?!kit/)([^/]+)/src/http/', pathNot: TEST_FILE },
      to: { path: '^services/$1/src/(consumers|projections|hub|delivery)/' },
    },
    {
      name: 'layer-app',
      severity: 'error',
      comment: 'Use cases (src/app) never import the HTTP layer or the consumers: they are called by both.',
      from: { path: '^services/(?!kit/)([^/]+)/src/app/', pathNot: TEST_FILE },
      to: { path: '^services/$1/src/(http|consumers)/' },
    },
    {
      name: 'layer-views',
      severity: 'error',
      comment: 'Views turn rows into contract shapes; they never call a use case, a route or a consumer.',
      from: { path: '^services/(?!kit/)([^/]+)/src/views/', pathNot: TEST_FILE },
      to: { path: '^services/$1/src/(app|http|consumers|projections)/' },
    },
    {
      name: 'layer-projections',
      severity: 'error',
      comment: 'Projections write read tables from events: they import db, domain and views only (no use case, route or consumer).',
      from: { path: '^services/(?!kit/)([^/]+)/src/projections/', pathNot: TEST_FILE },
      to: { path: '^services/$1/src/(app|http|consumers)/' },
    },
    {
      name: 'layer-consumers',
      severity: 'error',
      comment: 'Consumers apply other services’ events through app, db, domain, views and projections; never through the HTTP layer.',
      from: { path: '^services/(?!kit/)([^/]+)/src/consumers/', pathNot: TEST_FILE },
      to: { path: '^services/$1/src/http/' },
    },
    {
      name: 'layer-db-domain-aggregates',
      severity: 'error',
      comment: 'db, aggregates and adapters sit under the use cases: they never import app, http, consumers or views.',
      from: { path: '^services/(?!kit/)([^/]+)/src/(db|aggregates|adapters)/', pathNot: TEST_FILE },
      to: { path: '^services/$1/src/(app|http|consumers)/' },
    },
    {
      name: 'service-imports-another-service',
      severity: 'error',
      comment:
        'A service never imports another service (services/<name>, the kit is a library): services talk through Kafka events and HTTP contracts. ' +
        'Put shared types in @akhada/contracts and shared mechanisms in @akhada/kit.',
      from: { path: '^services/([^/]+)/', pathNot: '^services/kit/' },
      to: { path: '^services/[^/]+/', pathNot: '^services/($1|kit)/' },
    },
    {
      name: 'kit-imports-a-service',
      severity: 'error',
      comment: 'The kit is the library every service uses; it never imports one of them.',
      from: { path: '^services/kit/' },
      to: { path: '^services/', pathNot: '^services/kit/' },
    },
    {
      name: 'domain-imports-outside-domain',
      severity: 'error',
      comment:
        'Pure domain code (services/<name>/src/domain/**) imports only its own domain folder, @akhada/contracts and @akhada/kit/domain: ' +
        `no I/O library, no node: module, no other layer of the service, not the kit barrel (@akhada/kit loads fastify, kafkajs, pg and pino). Allowed kit entry: ${kitDomainEntry}.`,
      // The kit is not a service: its domain entry is held by kit-domain-loads-io below.
      from: { path: '^services/(?!kit/)([^/]+)/src/domain/', pathNot: TEST_FILE },
      to: { pathNot: [`^services/$1/src/domain/`, '^contracts/src/', `^${re(kitDomainEntry)}$`] },
    },
    {
      name: 'domain-test-imports-outside-domain',
      severity: 'error',
      comment:
        'Unit tests of the domain import the domain, @akhada/contracts, @akhada/kit/domain, @akhada/kit/testing/decider (given/when/then), vitest and fast-check (property tests, pure) — no I/O (STYLE.md: *.unit.test.ts has no I/O).',
      from: { path: `^services/(?!kit/)([^/]+)/src/domain/.*${TEST_FILE}` },
      to: {
        pathNot: [
          `^services/$1/src/domain/`,
          '^contracts/src/',
          `^${re(kitDomainEntry)}$`,
          `^${re(kitDeciderSpec)}$`,
          '^node_modules/vitest/',
          '^node_modules/(fast-check|pure-rand)/',
        ],
      },
    },
    {
      name: 'kit-domain-loads-io',
      severity: 'error',
      comment: `@akhada/kit/domain (${kitDomainEntry}) must not load an I/O library or a node: module, not even through another kit file: pure code imports it.`,
      from: { path: [`^${re(kitDomainEntry)}$`, `^${re(kitDeciderSpec)}$`] },
      to: {
        reachable: true,
        path: [`^node_modules/(${IO_LIBRARIES.join('|')})/`, '^(node:)?(fs|net|http|https|http2|dgram|dns|tls|child_process|worker_threads|cluster)(/|$)'],
      },
    },
    {
      name: 'contracts-imports-beyond-zod',
      severity: 'error',
      comment: '@akhada/contracts depends on zod only (STYLE.md): the frontend, the gateway and every service load it.',
      from: { path: '^contracts/src/', pathNot: TEST_FILE },
      to: { pathNot: ['^contracts/src/', '^node_modules/zod/'] },
    },
    {
      name: 'feature-imports-another-feature',
      severity: 'error',
      comment:
        'A frontend feature (frontend/src/features/<a>) never imports another feature: share through src/components, src/lib, or compose features in src/app.',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/[^/]+/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'standins-through-their-entry',
      severity: 'error',
      comment:
        'The third-party stand-ins (Razorpay, OIDC, S3, SMTP, WhatsApp) are used one way from outside their room: ' +
        '`@akhada/infra/standins` (infra/standins/index.ts), never a file inside it.',
      from: { pathNot: '^infra/standins/' },
      to: { path: '^infra/standins/', pathNot: '^infra/standins/index\\.ts$' },
    },
    {
      name: 'test-imports-the-seed',
      severity: 'error',
      comment:
        'Tests never lean on the demo seed (infra/seed): its data and helpers change with the demo. A test makes what it needs ' +
        'through the API, or with a helper of @akhada/test-support (e.g. approvePendingTrainer). The one importer is the ' +
        "browser suite's global setup (frontend/e2e/global-setup.ts), which seeds the demo the stack signs into, as `npm start` does.",
      from: { path: [TEST_FILE, '(^|/)(test|e2e)/', '^test-support/'], pathNot: '^frontend/e2e/global-setup\\.ts$' },
      to: { path: '^infra/seed/' },
    },
    {
      name: 'test-reaches-into-another-folders-tests',
      severity: 'error',
      comment:
        "Test helpers are shared through the test-support package (test-support/, @akhada/test-support), never by importing another top-level folder's test files " +
        '(frontend/e2e, infra/test, <package>/test, *.test.ts, *.spec.ts).',
      from: { path: '^([^/]+)/' },
      to: { path: [`(^|/)(test|e2e)/`, TEST_FILE], pathNot: ['^$1/', '^test-support/', '^node_modules/'] },
    },
  ],
  options: {
    // Type-only imports count: a domain type that names a Fastify or kysely type is coupled to it all the same.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr|coverage|\\.tools|\\.cache|\\.data|\\.git)/' },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    cache: false,
  },
};
