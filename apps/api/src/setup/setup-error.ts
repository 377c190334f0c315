import { operatorLocale, operatorMessage, type OperatorMessage } from '@armature/domain';

/** A start-up, backup or restore that cannot go on: its message, in the shell's language, says why and what to do. */
export class SetupError extends Error {
  constructor(
    readonly key: OperatorMessage,
    readonly params: Record<string, string | number> = {},
  ) {
    super(operatorMessage(key, operatorLocale(process.env), params));
  }
}
