import type { Effect } from './engine.js';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** Tenant-owned: every row carries companyId and every query filters by it. */
export const FlowEntity = defineEntity({
  name: 'FlowbuilderFlow',
  tableName: 'flowbuilder_flows',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    name: p.string().length(50),
    active: p.boolean().default(true),
    /** The drawing: nodes and connections as saved (validated by the contract's schemas). */
    nodes: p.json<unknown[]>(),
    connections: p.json<unknown[]>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type FlowRow = InferEntity<typeof FlowEntity>;

export const KeywordEntity = defineEntity({
  name: 'FlowbuilderKeyword',
  tableName: 'flowbuilder_keywords',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    name: p.string().length(100),
    keyword: p.string().length(200),
    disableFlow: p.boolean().default(false),
    activateFlowId: p.integer().nullable(),
    addTagId: p.integer().nullable(),
    removeTagId: p.integer().nullable(),
    enableGoogleSheets: p.boolean().default(false),
    /** Google Sheets fields; a matched keyword hands them to KEYWORD_ACTIONS contributors (the google-sheets plugin appends the row). */
    sheets: p.json<Record<string, string | number | null>>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type KeywordRow = InferEntity<typeof KeywordEntity>;

export const FlowCampaignEntity = defineEntity({
  name: 'FlowbuilderCampaign',
  tableName: 'flowbuilder_campaigns',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    name: p.string().length(100),
    flowId: p.integer(),
    whatsappId: p.integer().nullable(),
    phrase: p.string().length(500),
    status: p.boolean().default(true),
    repeat: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type FlowCampaignRow = InferEntity<typeof FlowCampaignEntity>;

/**
 * One flow running (or ended) on a ticket: where it is and its variables. The truth for the engine;
 * the ticket's hold (kernel) only routes the contact's messages here. `version` guards a step against
 * a timer and a message acting at once.
 */
export const FlowRunEntity = defineEntity({
  name: 'FlowbuilderRun',
  tableName: 'flowbuilder_runs',
  properties: {
    id: p.integer().primary().autoincrement(),
    companyId: p.integer().index(),
    ticketId: p.integer(),
    contactId: p.integer(),
    flowId: p.integer(),
    /** 'running' | 'ended'. */
    status: p.string().length(20),
    nodeId: p.string().length(64).nullable(),
    /** What the current node stored when it answered `wait`. */
    nodeState: p.json<unknown>().nullable(),
    variables: p.json<Record<string, string>>(),
    /** Set while a timer is armed: when it fires (its job id is `flowbuilder-run-<id>-<step>`). */
    wakeAt: p.datetime().nullable(),
    /** Steps taken; the armed timer carries it, so a stale timer does nothing. */
    step: p.integer().default(0),
    /** How it ended (end, handover, agent, error…). */
    endReason: p.string().length(200).nullable(),
    /** The phrase trigger that started it (for once-per-contact triggers). */
    campaignId: p.integer().nullable(),
    /** Effects of committed steps not yet performed (the outbox; see FlowRuntime.performPending). */
    pendingEffects: p.json<PendingStep[]>().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export type FlowRunRow = InferEntity<typeof FlowRunEntity>;

/** One committed step's effects, in order (their correlation ids are `run-<id>-<step>-<index>`). */
export interface PendingStep {
  step: number;
  effects: Effect[];
}

export const ENTITIES = [FlowEntity, KeywordEntity, FlowCampaignEntity, FlowRunEntity];
