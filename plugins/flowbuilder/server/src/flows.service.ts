import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/core';
import { z } from 'zod';
import { AppError, CONNECTIONS, MEDIA, PLUGIN_CONTEXT, TAGS, type Connections, type Media, type PluginContext, type Tags } from '@atende/sdk-server';
import {
  FLOWBUILDER_ERRORS,
  FLOWS_PAGE_SIZE,
  FLOW_EXPORT_KEY_SETTING,
  START_NODE_ID,
  START_NODE_LABEL,
  encryptedFlowFileSchema,
  flowSaveSchema,
  plainFlowFileSchema,
  type Flow,
  type FlowConnection,
  type FlowDrawing,
  type FlowImport,
  type FlowNode,
  type FlowPage,
} from '@atende/plugin-flowbuilder-contract';
import { FlowEntity, type FlowRow } from './entities.js';
import { loopsWithoutAnswer } from './graph-checks.js';

export const toFlowDto = (f: FlowRow): Flow => ({ id: f.id, name: f.name, active: f.active, createdAt: f.createdAt.toISOString(), updatedAt: f.updatedAt.toISOString() });

/** A flow never drawn: its start node alone (§4). */
export const startNode = (): FlowNode => ({ id: START_NODE_ID, type: 'start', position: { x: 250, y: 100 }, data: { label: START_NODE_LABEL } });

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Start node first (§4 "on save… placed first"). */
const startFirst = (nodes: FlowNode[]) => [...nodes.filter((n) => n.type === 'start'), ...nodes.filter((n) => n.type !== 'start')];

@Injectable()
export class FlowsService {
  constructor(
    private readonly em: EntityManager,
    @Inject(PLUGIN_CONTEXT) private readonly plugin: PluginContext,
    @Inject(TAGS) private readonly tags: Tags,
    @Inject(CONNECTIONS) private readonly connections: Connections,
    @Inject(MEDIA) private readonly media: Media,
  ) {}

  async page(companyId: number, q: { searchParam: string; pageNumber: number }): Promise<FlowPage> {
    const where = { companyId, ...(q.searchParam ? { name: { $ilike: `%${escapeLike(q.searchParam)}%` } } : {}) };
    const [rows, count] = await this.em.findAndCount(FlowEntity, where, { orderBy: { name: 'asc', id: 'asc' }, limit: FLOWS_PAGE_SIZE, offset: (q.pageNumber - 1) * FLOWS_PAGE_SIZE });
    return { flows: rows.map(toFlowDto), count, hasMore: count > q.pageNumber * FLOWS_PAGE_SIZE };
  }

  async find(companyId: number, id: number): Promise<FlowRow> {
    const row = await this.em.findOne(FlowEntity, { id, companyId });
    if (!row) throw AppError.notFound(FLOWBUILDER_ERRORS.flowNotFound);
    return row;
  }

  async create(companyId: number, name: string, graph?: { nodes: FlowNode[]; connections: FlowConnection[] }): Promise<Flow> {
    const row = this.em.create(FlowEntity, { companyId, name, active: true, nodes: graph?.nodes ?? [startNode()], connections: graph?.connections ?? [] });
    await this.em.flush();
    return toFlowDto(row);
  }

  async update(companyId: number, body: { flowId: number; name?: string; active?: boolean }): Promise<Flow> {
    const row = await this.find(companyId, body.flowId);
    if (body.name !== undefined) row.name = body.name;
    if (body.active !== undefined) row.active = body.active;
    await this.em.flush();
    return toFlowDto(row);
  }

  async remove(companyId: number, id: number): Promise<void> {
    const row = await this.find(companyId, id);
    await this.em.remove(row).flush();
  }

  async duplicate(companyId: number, id: number): Promise<Flow> {
    const row = await this.find(companyId, id);
    const name = `${row.name.slice(0, 50 - ' (copia)'.length)} (copia)`;
    return this.create(companyId, name, { nodes: row.nodes as FlowNode[], connections: row.connections as FlowConnection[] });
  }

  async drawing(companyId: number, id: number): Promise<FlowDrawing> {
    const row = await this.find(companyId, id);
    return { flow: { ...toFlowDto(row), flow: { nodes: row.nodes as FlowNode[], connections: row.connections as FlowConnection[] } } };
  }

  /** Validated by the contract (shape, start node, connectors); here the ids inside the nodes are checked against the company. */
  async save(companyId: number, body: z.output<typeof flowSaveSchema>): Promise<FlowDrawing> {
    const row = await this.find(companyId, body.idFlow);
    checkLoops(body.nodes, body.connections);
    await this.checkReferences(companyId, body.nodes);
    row.nodes = startFirst(body.nodes);
    row.connections = body.connections;
    await this.em.flush();
    return this.drawing(companyId, row.id);
  }

  /**
   * Tags, connections and media named in node data must be the company's (400 with the node's path).
   * Queues and users are checked when the flow hands a ticket over (the kernel refuses others').
   */
  private async checkReferences(companyId: number, nodes: FlowNode[]): Promise<void> {
    const details: { path: string; message: string }[] = [];
    const tagIds = new Set<number>();
    for (const n of nodes) {
      if (n.type === 'tags') for (const t of [n.data.addTagId, n.data.removeTagId]) if (t) tagIds.add(t);
    }
    const known = tagIds.size ? new Set((await this.tags.list(companyId, { ids: [...tagIds] })).map((t) => t.id)) : new Set<number>();
    const connectionIds = new Set((await this.connections.list(companyId)).map((c) => c.id));
    const media = new Map<string, string>();
    nodes.forEach((n, i) => {
      const at = (f: string) => `nodes.${i}.data.${f}`;
      if (n.type === 'tags') {
        if (n.data.addTagId && !known.has(n.data.addTagId)) details.push({ path: at('addTagId'), message: 'not_found' });
        if (n.data.removeTagId && !known.has(n.data.removeTagId)) details.push({ path: at('removeTagId'), message: 'not_found' });
      }
      if (n.type === 'notification' && !connectionIds.has(n.data.connectionId)) details.push({ path: at('connectionId'), message: 'not_found' });
      if (n.type === 'img' || n.type === 'audio' || n.type === 'video' || n.type === 'pdf') media.set(n.data.url, at('url'));
      if (n.type === 'singleBlock') n.data.elements.forEach((e, j) => e.type !== 'message' && e.type !== 'interval' && media.set(String(e.value), at(`elements.${j}.value`)));
      if (n.type === 'followUp')
        n.data.intervalTimes.forEach((t, j) => t.content.forEach((c, k) => c.mediaUrl && media.set(c.mediaUrl, at(`intervalTimes.${j}.content.${k}.mediaUrl`))));
    });
    for (const [url, path] of media) {
      if (!(await this.ownsMedia(companyId, url))) details.push({ path, message: 'media_missing' });
    }
    if (details.length) throw AppError.validation(details);
  }

  /** A stat through the Media port: the file is never read to know it is the company's. */
  private async ownsMedia(companyId: number, url: string): Promise<boolean> {
    return url.startsWith('/api/media/') && this.media.exists(companyId, url);
  }

  // ---------- export / import ----------

  /** The platform's export key: generated on first use (one for every server process) unless a super user set one. */
  private async key(): Promise<Buffer> {
    const secret = await this.plugin.settings.globalSecret(FLOW_EXPORT_KEY_SETTING);
    return createHash('sha256').update(secret).digest();
  }

  /** AES-256-GCM of `{name, flow: {nodes, connections}}`; the file is `{encrypted: true, data, iv}`. */
  async export(companyId: number, id: number): Promise<{ fileName: string; content: string }> {
    const row = await this.find(companyId, id);
    const key = await this.key();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const plain = JSON.stringify({ name: row.name, flow: { nodes: row.nodes, connections: row.connections } });
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const slug = row.name.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase() || 'flow';
    return { fileName: `${slug}-${row.id}.json`, content: JSON.stringify({ encrypted: true, data: data.toString('base64'), iv: iv.toString('base64') }) };
  }

  async import(companyId: number, body: FlowImport): Promise<Flow> {
    const bad = () => new AppError(FLOWBUILDER_ERRORS.importFormat, 400, 'El archivo no tiene el formato correcto');
    let file: unknown = body.importData;
    const encrypted = encryptedFlowFileSchema.safeParse(file);
    if (encrypted.success && !('flow' in (file as object))) {
      const key = await this.key();
      try {
        const raw = Buffer.from(encrypted.data.data, 'base64');
        if (raw.length < 17) throw bad();
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(encrypted.data.iv, 'base64'));
        decipher.setAuthTag(raw.subarray(raw.length - 16));
        file = JSON.parse(Buffer.concat([decipher.update(raw.subarray(0, raw.length - 16)), decipher.final()]).toString('utf8'));
      } catch {
        throw bad();
      }
    }
    const plain = plainFlowFileSchema.safeParse(file);
    if (!plain.success) throw bad();
    // The drawing goes through the same checks as a save (the id is the one it will get: any positive value passes).
    const graph = flowSaveSchema.safeParse({ idFlow: 1, ...plain.data.flow });
    if (!graph.success) throw AppError.validation(graph.error.issues.map((i) => ({ path: ['flow', ...i.path].join('.'), message: i.message })));
    checkLoops(graph.data.nodes, graph.data.connections);
    await this.checkReferences(companyId, graph.data.nodes);
    return this.create(companyId, plain.data.name, { nodes: startFirst(graph.data.nodes), connections: graph.data.connections });
  }
}

/** A cycle that never waits for the customer would send forever: refused with the nodes on it (400). */
function checkLoops(nodes: FlowNode[], connections: FlowConnection[]): void {
  const looped = loopsWithoutAnswer(nodes, connections);
  if (looped.length) throw AppError.validation(looped.map((id) => ({ path: `nodes.${nodes.findIndex((n) => n.id === id)}`, message: 'loop_without_answer' })));
}
