import { Injectable } from '@nestjs/common';
import { KERNEL_CONTROLLERS } from '../kernel-modules.js';
import { PluginRegistry, controllersOf } from '../plugins/plugin-registry.js';
import { preparePluginRoutes } from '../plugins/plugin-routes.js';
import { KERNEL_VERSION } from '../plugins/kernel-version.js';
import { buildOpenApi } from './openapi.js';

/** The server's OpenAPI document, built once (routes never change while it runs). */
@Injectable()
export class ApiDocsService {
  private doc: Record<string, unknown> | null = null;

  constructor(private readonly registry: PluginRegistry) {}

  document(): Record<string, unknown> {
    if (this.doc) return this.doc;
    const plugins = this.registry.plugins;
    // Already mounted at boot: this only reads the claims again and answers the aliases.
    const aliases = preparePluginRoutes(KERNEL_CONTROLLERS, plugins);
    this.doc = buildOpenApi(
      [{ owner: 'kernel', controllers: KERNEL_CONTROLLERS }, ...plugins.map((p) => ({ owner: { plugin: p.definition.id }, controllers: controllersOf(p.definition.module) }))],
      aliases,
      { version: KERNEL_VERSION },
    );
    return this.doc;
  }
}
