import { Module } from '@nestjs/common';
import { definePlugin } from '@atende/sdk-server';
import { TODO_MANIFEST, TODO_PERMISSIONS } from '@atende/plugin-todo-contract';

/** Nothing served: the list lives in the browser. The (empty) module is what a plugin definition needs. */
@Module({})
export class TodoModule {}

export default definePlugin({
  id: 'todo',
  version: '0.1.0',
  module: TodoModule,
  permissions: TODO_PERMISSIONS,
  manifest: TODO_MANIFEST,
  web: { package: '@atende/plugin-todo-web' },
});
