import { Module } from '@nestjs/common';
import { PluginsController } from './plugins.controller.js';

/** The plugin manifest the shell loads remotes from (the registry itself is the platform's). */
@Module({ controllers: [PluginsController] })
export class PluginsModule {}
