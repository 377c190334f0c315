import type { PlcParameter } from './plc-task.schema.ts';

/** Field path → validation message keys (`required`, `min:100`), as 400 details carry them. */
export type PlcProblems = Record<string, string[]>;

/** What a template needs of its parameters and command. */
type Template = { parameters: readonly PlcParameter[]; command: string };

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** The names the command refers to as `{name}`, in order of appearance (each once). */
export function commandPlaceholders(command: string): string[] {
  return [...new Set([...command.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

const add = (problems: PlcProblems, field: string, key: string) => (problems[field] ??= []).push(key);

/**
 * The rules of a template beyond its schema: parameter names unique, `min` ≤ `max`, an `enum` with
 * options, and every `{name}` of the command one of the parameters. Empty when it is sound.
 */
export function plcTemplateProblems(template: Template): PlcProblems {
  const problems: PlcProblems = {};
  const seen = new Set<string>();
  template.parameters.forEach((parameter, index) => {
    if (seen.has(parameter.name)) add(problems, `parameters.${index}.name`, 'duplicate');
    seen.add(parameter.name);
    if (parameter.min != null && parameter.max != null && parameter.min > parameter.max)
      add(problems, `parameters.${index}.max`, 'rangeOrder');
    if (parameter.type === 'enum' && !parameter.options?.length)
      add(problems, `parameters.${index}.options`, 'required');
  });
  if (commandPlaceholders(template.command).some((name) => !seen.has(name))) add(problems, 'command', 'invalid');
  return problems;
}

/** One value against its parameter: the problem's key, or the value as the command writes it. */
function checkValue(parameter: PlcParameter, value: number | string): { problem: string } | { text: string } {
  if (parameter.type === 'text') {
    const text = String(value).trim();
    return text && !/[{}\r\n]/.test(text) ? { text } : { problem: 'invalid' };
  }
  if (parameter.type === 'enum') {
    const text = String(value);
    return parameter.options?.includes(text) ? { text } : { problem: 'invalid' };
  }
  const number = typeof value === 'number' ? value : Number(String(value).trim() || Number.NaN);
  if (!Number.isFinite(number)) return { problem: 'invalid' };
  if (parameter.type === 'int' && !Number.isInteger(number)) return { problem: 'integer' };
  if (parameter.min != null && number < parameter.min) return { problem: `min:${parameter.min}` };
  if (parameter.max != null && number > parameter.max) return { problem: `max:${parameter.max}` };
  return { text: String(number) };
}

export type PlcRenderResult = { ok: true; command: string } | { ok: false; problems: PlcProblems };

/**
 * `command` with each `{name}` replaced by its value, checked against the parameter's type, range,
 * options and whether it is required; an optional parameter left out renders as nothing. Problems are
 * keyed `values.<name>` (the render input's field); a value for no parameter is `unknownField`.
 */
export function renderPlcCommand(
  command: string,
  parameters: readonly PlcParameter[],
  values: Readonly<Record<string, number | string>>,
): PlcRenderResult {
  const problems: PlcProblems = {};
  const texts = new Map<string, string>();
  for (const parameter of parameters) {
    const value = Object.hasOwn(values, parameter.name) ? values[parameter.name] : undefined;
    const field = `values.${parameter.name}`;
    if (value === undefined || value === '') {
      if (parameter.required) add(problems, field, 'required');
      else texts.set(parameter.name, '');
      continue;
    }
    const checked = checkValue(parameter, value);
    if ('problem' in checked) add(problems, field, checked.problem);
    else texts.set(parameter.name, checked.text);
  }
  const known = new Set(parameters.map((parameter) => parameter.name));
  for (const name of Object.keys(values)) if (!known.has(name)) add(problems, `values.${name}`, 'unknownField');
  if (Object.keys(problems).length) return { ok: false, problems };
  return { ok: true, command: command.replace(PLACEHOLDER, (_, name: string) => texts.get(name) ?? '') };
}
