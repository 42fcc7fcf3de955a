import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { addToCompose, addToIndex, addToRegistry, addToServices, contractFile, serviceFiles } from './new-service.ts';

const root = path.join(import.meta.dirname, '..', '..');
const topics = readFileSync(path.join(root, 'contracts', 'src', 'topics.ts'), 'utf8');
const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
const registry = readFileSync(path.join(root, 'contracts', 'src', 'http', 'all-routes.ts'), 'utf8');
const index = readFileSync(path.join(root, 'contracts', 'src', 'index.ts'), 'utf8');

describe('new:service wiring', () => {
  it('adds a new name to SERVICES with the next free port and its own prefix', () => {
    // The next free port after the services that exist today (each new service takes one).
    const next = Math.max(...[...topics.matchAll(/\bport: (\d+)/g)].map((m) => Number(m[1]))) + 1;
    const { source, port, added } = addToServices(topics, 'demo');
    expect(added).toBe(true);
    expect(port).toBe(next);
    expect(source).toContain(`  demo: { port: ${next}, prefix: 'demo' },\n} as const;`);
    expect(addToServices(source, 'demo')).toMatchObject({ port: next, added: false });
  });

  it('keeps the port of a name that is already planned', () => {
    expect(addToServices(topics, 'trainers')).toEqual({ source: topics, port: 4103, added: false });
  });

  it('adds a compose block before the gateway and the URL to the gateway environment', () => {
    const out = addToCompose(compose, 'demo', 4111);
    expect(out).toMatch(/\n {2}demo:\n {4}<<: \*service\n[\s\S]*SERVICE_DIR: services\/demo[\s\S]*PORT: 4111[\s\S]*\n {2}gateway:\n/);
    expect(out).toContain('      DEMO_URL: http://demo:4111');
    expect(addToCompose(out, 'demo', 4111)).toBe(out);
  });

  it('finds the gateway given each service URL once (a key twice in a YAML mapping is refused by docker compose)', () => {
    const gatewayEnv = compose.slice(compose.indexOf('\n  gateway:')).split('\n    environment:\n')[1]!.split('\n    depends_on')[0]!;
    const keys = [...gatewayEnv.matchAll(/^ {6}([A-Z_]+):/gm)].map((m) => m[1]);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it('adds the routes to the one registry of all routes, once', () => {
    const out = addToRegistry(registry, 'demo');
    expect(out).toContain("import { demoRoutes } from './demo.ts';");
    expect(out).toMatch(/\.\.\.group\('demo', 'demo', demoRoutes\),\n\];/);
    expect(addToRegistry(out, 'demo')).toBe(out);
  });

  it('exports the contract from the contracts index, once', () => {
    const out = addToIndex(index, 'demo');
    expect(out).toContain("export * from './http/route.ts';\nexport * from './http/demo.ts';\n");
    expect(addToIndex(out, 'demo')).toBe(out);
  });
});

describe('new:service templates', () => {
  it('renders every file of the skeleton with the name, no placeholder left', () => {
    const files = serviceFiles('demo');
    expect(Object.keys(files).sort()).toEqual(
      [
        'package.json',
        'tsconfig.json',
        'src/main.ts',
        'src/build-app.ts',
        'src/app/deps.ts',
        'src/app/ping.ts',
        'src/http/routes.ts',
        'src/db/schema.ts',
        'src/db/migrations.ts',
        'src/db/examples-repo.ts',
        'src/domain/example/decider.ts',
        'src/domain/example/decider.unit.test.ts',
        'test/demo.int.test.ts',
      ].sort(),
    );
    for (const text of [...Object.values(files), contractFile('demo')]) expect(text).not.toMatch(/__name__|__Name__/i);
    expect(JSON.parse(files['package.json']!)).toMatchObject({ name: '@akhada/demo', scripts: { start: 'node --import tsx src/main.ts' } });
    expect(files['src/app/deps.ts']).toContain('export interface DemoDeps {');
  });

  it('generates a service that typechecks against today’s kit and contracts, wired into them', () => {
    // The generated service, its contract and the contracts' index, registry and SERVICES table as new:service leaves
    // them, type-checked in memory beside the repository's real files (nothing is written).
    const service = path.join(root, 'services', 'demo');
    const contracts = path.join(root, 'contracts', 'src');
    const generated = new Map<string, string>([
      ...Object.entries(serviceFiles('demo')).map(([rel, text]) => [path.join(service, rel), text] as [string, string]),
      [path.join(contracts, 'http', 'demo.ts'), contractFile('demo')],
      [path.join(contracts, 'index.ts'), addToIndex(index, 'demo')],
      [path.join(contracts, 'http', 'all-routes.ts'), addToRegistry(registry, 'demo')],
      [path.join(contracts, 'topics.ts'), addToServices(topics, 'demo').source],
    ]);
    const base = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent({ ...base.config, compilerOptions: { ...base.config.compilerOptions, types: ['node'] } }, ts.sys, root);
    const host = ts.createCompilerHost(options);
    const { getSourceFile } = host;
    host.fileExists = (f) => generated.has(f) || ts.sys.fileExists(f);
    host.readFile = (f) => generated.get(f) ?? ts.sys.readFile(f);
    host.directoryExists = (d) => d === service || d.startsWith(service + path.sep) || existsSync(d);
    host.getSourceFile = (f, language, onError) =>
      generated.has(f) ? ts.createSourceFile(f, generated.get(f)!, language) : getSourceFile.call(host, f, language, onError);
    const roots = [...generated.keys()].filter((f) => f.startsWith(service) && f.endsWith('.ts'));
    const program = ts.createProgram(roots, options, host);
    // The generated files and the four it edits, each checked with what it uses; the rest of the tree is checked by
    // npm test's typecheck already (checking all of it again here took 90 s of a loaded machine's CPU).
    const problems = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...[...generated.keys()].flatMap((f) => {
        const file = program.getSourceFile(f);
        return file ? [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)] : [];
      }),
    ].map((d) => `${d.file ? path.relative(root, d.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(problems).toEqual([]);
    // The program read the generated contract through @akhada/contracts, not a copy elsewhere.
    expect(program.getSourceFile(path.join(contracts, 'http', 'demo.ts'))).toBeDefined();
  }, 120_000);
});
