// The machine screens' places for what another feature shows of a machine (processing fills them).
declare module '../../components/feature-slots.tsx' {
  interface SlotProps {
    /**
     * Twin card (a machine in fault), twin detail and the plant's machine detail: "re-plan around this
     * machine", its tasks not started proposed for other machines. `open`: the proposal shown at once.
     */
    machineReplan: { equipmentId: string; machine: string; open?: boolean; block?: boolean };
  }
}

export {};
