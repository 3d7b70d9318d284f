import 'reflect-metadata';
import { MODULE_METADATA } from '@nestjs/common/constants';
import { AuthorizationServer } from '@jmondi/oauth2-server';
import { OAuthModule } from '../../../../src/domain/oauth/oauth.module';
import { OAuthHttpModule } from '../../../../src/http/oauth/oauth-http.module';
import { WorkerModule } from '../../../../src/processes/worker/worker.module';

type ModuleRef = { module?: unknown } | (new (...args: never[]) => unknown);

/** Every module a module imports, directly or not, read from Nest's metadata (no boot). */
function moduleGraph(root: ModuleRef): Set<unknown> {
  const seen = new Set<unknown>();
  const visit = (entry: ModuleRef) => {
    const moduleClass = typeof entry === 'function' ? entry : entry.module;
    if (!moduleClass || seen.has(moduleClass)) return;
    seen.add(moduleClass);
    const imports = [
      ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass as object) as ModuleRef[]) ??
        []),
      ...(typeof entry === 'function' ? [] : ((entry as { imports?: ModuleRef[] }).imports ?? [])),
    ];
    imports.forEach(visit);
  };
  visit(root);
  return seen;
}

const metadataOf = (moduleClass: unknown, key: string) =>
  (Reflect.getMetadata(key, moduleClass as object) as unknown[] | undefined) ?? [];

describe('the render worker module graph', () => {
  const graph = moduleGraph(WorkerModule);

  it('holds neither the OAuth module nor the authorization server', () => {
    expect(graph.has(OAuthModule)).toBe(false);
    const providers = [...graph].flatMap((m) => metadataOf(m, MODULE_METADATA.PROVIDERS));
    const provided = providers.map((p) =>
      typeof p === 'function' ? p : (p as { provide?: unknown }).provide,
    );
    expect(provided).not.toContain(AuthorizationServer);
  });

  it('holds no HTTP controller', () => {
    const controllers = [...graph].flatMap((m) => metadataOf(m, MODULE_METADATA.CONTROLLERS));
    expect(controllers).toEqual([]);
  });

  it('is read from the real metadata (the check can fail)', () => {
    const api = moduleGraph(OAuthHttpModule);
    expect(metadataOf(OAuthHttpModule, MODULE_METADATA.CONTROLLERS).length).toBeGreaterThan(0);
    expect(api.has(OAuthModule)).toBe(true);
  });
});
