import type { AgentProtocol } from '@taktwerk/common';
import type { ParseKeys } from 'i18next';

export const PROTOCOL_LABELS: Record<AgentProtocol, ParseKeys> = {
  opcua: 'machineAgent.protocols.opcua',
  modbus_rtu: 'machineAgent.protocols.modbus_rtu',
  profinet_profibus: 'machineAgent.protocols.profinet_profibus',
  zigbee_zwave: 'machineAgent.protocols.zigbee_zwave',
  snmp: 'machineAgent.protocols.snmp',
  ipmi: 'machineAgent.protocols.ipmi',
  serial: 'machineAgent.protocols.serial',
  custom_python: 'machineAgent.protocols.custom_python',
};

/** Protocol guidance of the agent screen and its modal (spec part 2 §2). */
export const PROTOCOL_GUIDANCE: Record<AgentProtocol, ParseKeys> = {
  opcua: 'machineAgent.guidance.opcua',
  modbus_rtu: 'machineAgent.guidance.modbus_rtu',
  profinet_profibus: 'machineAgent.guidance.profinet_profibus',
  zigbee_zwave: 'machineAgent.guidance.zigbee_zwave',
  snmp: 'machineAgent.guidance.snmp',
  ipmi: 'machineAgent.guidance.ipmi',
  serial: 'machineAgent.guidance.serial',
  custom_python: 'machineAgent.guidance.custom_python',
};
