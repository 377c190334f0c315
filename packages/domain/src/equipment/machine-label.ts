/**
 * How a machine is named wherever people read it (lists, board, dashboard, pickers, exports, notices):
 * its name with its serial number, because a line often runs several machines of one model, and so of
 * one name, which only the serial number tells apart.
 */
export function machineLabel(machine: { name: string; serialNumber: string }): string {
  return `${machine.name} (${machine.serialNumber})`;
}
