import { describe, expect, it } from 'vitest';
import type { PlcParameter } from './plc-task.schema.ts';
import { commandPlaceholders, plcTemplateProblems, renderPlcCommand } from './plc-command.ts';

const length: PlcParameter = {
  name: 'length',
  label: '长度',
  type: 'int',
  unit: 'mm',
  min: 100,
  max: 12000,
  required: true,
};
const count: PlcParameter = { name: 'count', label: '根数', type: 'int', unit: null, min: 1, max: 999, required: true };
const grade: PlcParameter = {
  name: 'grade',
  label: '牌号',
  type: 'enum',
  unit: null,
  options: ['HRB400E', 'HRB500E'],
  required: true,
};
const angle: PlcParameter = {
  name: 'angle',
  label: '角度',
  type: 'decimal',
  unit: '°',
  min: -180,
  max: 180,
  required: false,
};
const note: PlcParameter = { name: 'note', label: '备注', type: 'text', unit: null, required: false };

describe('plcTemplateProblems', () => {
  it('accepts a sound template', () => {
    expect(plcTemplateProblems({ parameters: [length, count], command: 'CUT L={length} N={count}' })).toEqual({});
  });

  it('names duplicate parameters, inverted ranges, enums without options and unknown placeholders', () => {
    const problems = plcTemplateProblems({
      parameters: [length, { ...length, label: 'again' }, { ...count, min: 10, max: 5 }, { ...grade, options: [] }],
      command: 'CUT L={length} N={pieces}',
    });
    expect(problems).toEqual({
      'parameters.1.name': ['duplicate'],
      'parameters.2.max': ['rangeOrder'],
      'parameters.3.options': ['required'],
      command: ['invalid'],
    });
  });

  it('lists placeholders once each, in order', () => {
    expect(commandPlaceholders('A{x} B{y} C{x} {}')).toEqual(['x', 'y', '']);
  });

  it('refuses an empty placeholder', () => {
    expect(plcTemplateProblems({ parameters: [length], command: 'CUT {length} {}' })).toEqual({ command: ['invalid'] });
  });
});

describe('renderPlcCommand', () => {
  const command = 'CUT L={length} N={count} G={grade} A={angle}';
  const parameters = [length, count, grade, angle];

  it('fills in checked values, numbers given as text too; an optional one left out is empty', () => {
    expect(renderPlcCommand(command, parameters, { length: 3600, count: '12', grade: 'HRB400E' })).toEqual({
      ok: true,
      command: 'CUT L=3600 N=12 G=HRB400E A=',
    });
    expect(renderPlcCommand(command, parameters, { length: 100, count: 999, grade: 'HRB500E', angle: -90.5 })).toEqual({
      ok: true,
      command: 'CUT L=100 N=999 G=HRB500E A=-90.5',
    });
  });

  it('answers every problem by parameter: type, range, option, required, unknown', () => {
    const result = renderPlcCommand(command, parameters, {
      length: 12001,
      count: 2.5,
      grade: 'Q235',
      angle: 'steep',
      colour: 'red',
    });
    expect(result).toEqual({
      ok: false,
      problems: {
        'values.length': ['max:12000'],
        'values.count': ['integer'],
        'values.grade': ['invalid'],
        'values.angle': ['invalid'],
        'values.colour': ['unknownField'],
      },
    });
    expect(renderPlcCommand(command, parameters, { length: 99, grade: '' })).toEqual({
      ok: false,
      problems: { 'values.length': ['min:100'], 'values.count': ['required'], 'values.grade': ['required'] },
    });
  });

  it('keeps text values free of braces and line breaks', () => {
    expect(renderPlcCommand('MSG {note}', [note], { note: 'ok {length}' })).toEqual({
      ok: false,
      problems: { 'values.note': ['invalid'] },
    });
    expect(renderPlcCommand('MSG {note}', [note], { note: ' batch 7 ' })).toEqual({ ok: true, command: 'MSG batch 7' });
  });
});
