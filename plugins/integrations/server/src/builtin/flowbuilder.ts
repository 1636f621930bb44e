import { z } from 'zod';
import { createExtensionPoint } from '@atende/sdk-server';
import { FLOW_STARTER, type FlowStarter } from '@atende/plugin-flowbuilder-contract';
import type { IntegrationType } from '@atende/plugin-integrations-contract';

/**
 * flowbuilder: starts the integration's flow inside the chain through the flow builder's FLOW_STARTER
 * (the flow then holds the ticket). Without the flow builder loaded nothing starts ('pass').
 */
export const flowbuilderType: IntegrationType = {
  type: 'flowbuilder',
  fields: z.object({ flowId: z.number({ error: 'required' }).int() }),
  inChain: async (ctx, integration) => {
    const starter = createExtensionPoint<FlowStarter>(FLOW_STARTER).get('flowbuilder');
    if (!starter || !integration.flowId) return 'pass';
    return starter.start(ctx, integration.flowId);
  },
};
