import type { IntegrationType } from '@atende/plugin-integrations-contract';
import { dialogflowType } from './dialogflow.js';
import { flowbuilderType } from './flowbuilder.js';
import { shopifyType } from './shopify.js';
import { typebotType } from './typebot.js';
import { n8nType, webhookType } from './webhook.js';

/** The plugin's own types, registered on INTEGRATION_TYPES like a third party's (keys `integrations.<type>`). */
export const BUILTIN_INTEGRATION_TYPES: IntegrationType[] = [n8nType, webhookType, typebotType, dialogflowType, shopifyType, flowbuilderType];
