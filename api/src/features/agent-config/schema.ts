export {
  agentConfigInputSchema,
  agentConfigResponseSchema,
  agentConfigYamlQuerySchema,
  agentConfigYamlResponseSchema,
  agentStatsQuerySchema,
  agentStatsResponseSchema,
  machineIdParamsSchema,
} from '@taktwerk/common';
