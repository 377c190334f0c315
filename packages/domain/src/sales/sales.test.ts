import { describe, expect, it } from 'vitest';
import { isSalesLeadMove, salesLeadWorkflow } from './sales-lead-status.ts';
import { clientCodeForLead, clientFromLead, salesLeadResource } from './sales-lead.resource.ts';
import { maintenanceVisitResource } from './maintenance-visit.resource.ts';

const PART_A = '0195a3c4-0000-7000-8000-00000000000a';
const PART_B = '0195a3c4-0000-7000-8000-00000000000b';

describe('the sales lead workflow', () => {
  it('moves forward one step at a time, and to lost from any open status', () => {
    expect(isSalesLeadMove('new', 'contacted')).toBe(true);
    expect(isSalesLeadMove('contacted', 'quoted')).toBe(true);
    expect(isSalesLeadMove('quoted', 'won')).toBe(true);
    for (const open of ['new', 'contacted', 'quoted'] as const) expect(isSalesLeadMove(open, 'lost')).toBe(true);
  });

  it('refuses skipping, going back and leaving a closed status; staying put is allowed', () => {
    expect(isSalesLeadMove('new', 'won')).toBe(false);
    expect(isSalesLeadMove('quoted', 'contacted')).toBe(false);
    expect(isSalesLeadMove('won', 'lost')).toBe(false);
    expect(isSalesLeadMove('lost', 'new')).toBe(false);
    expect(isSalesLeadMove('won', 'won')).toBe(true);
    expect(salesLeadWorkflow.actionsIn('won')).toEqual([]);
  });
});

describe('the sales lead resource', () => {
  const input = salesLeadResource.schemas.makerInput;

  it('starts new, from an unknown source, with blanks as null', () => {
    const lead = input.parse({ company: ' 华东钢构 ', nextFollowUp: '', phone: '' });
    expect(lead).toMatchObject({
      company: '华东钢构',
      status: 'new',
      source: 'other',
      nextFollowUp: null,
      phone: null,
    });
  });

  it('takes a follow-up date as a plant day and refuses anything else', () => {
    expect(input.parse({ company: 'A', nextFollowUp: '2026-12-01' }).nextFollowUp).toBe('2026-12-01');
    for (const bad of ['2026-02-30', '2026/12/01', '2026-12-01T08:00:00Z', 20261201])
      expect(input.safeParse({ company: 'A', nextFollowUp: bad }).success).toBe(false);
  });

  it('never takes the converted client from a form', () => {
    expect(input.parse({ company: 'A', clientId: PART_A })).not.toHaveProperty('clientId');
  });

  it('sorts by the follow-up date, searches the texts and filters by status, source and model', () => {
    expect(salesLeadResource.sortable).toContain('nextFollowUp');
    expect(salesLeadResource.searchable).toEqual(['company', 'contact', 'phone', 'region', 'owner', 'remark']);
    expect(salesLeadResource.filterable).toEqual(['source', 'productTypeId', 'status', 'clientId']);
  });

  it('makes the client from the lead, under a code stable per lead', () => {
    const lead = { company: '华东钢构', contact: '王经理', phone: '021-5555 0101', region: '上海', remark: null };
    expect(clientFromLead(lead)).toEqual({
      companyName: '华东钢构',
      legalRepresentative: '王经理',
      telephone: '021-5555 0101',
      companyAddress: '上海',
      description: null,
    });
    expect(clientCodeForLead('0195a3c4-9e1f-7000-8000-000000000001')).toBe('LEAD-0195A3C49E');
  });
});

describe('the maintenance visit resource', () => {
  const input = maintenanceVisitResource.schemas.makerInput;
  const visit = { code: 'FW-1', clientId: PART_A, visitDate: '2026-11-20', technician: '李工', workDone: '更换刀片' };

  it('keeps a list of parts with their quantities, empty when none are given', () => {
    expect(input.parse(visit).partsUsed).toEqual([]);
    const parts = [
      { id: PART_A, quantity: 2 },
      { id: PART_B, quantity: 0.5 },
    ];
    expect(input.parse({ ...visit, partsUsed: parts }).partsUsed).toEqual(parts);
  });

  it('refuses a part twice, a quantity of zero or with too many decimals, and a missing part id', () => {
    const issues = (partsUsed: unknown) =>
      input.safeParse({ ...visit, partsUsed }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(
      issues([
        { id: PART_A, quantity: 1 },
        { id: PART_A, quantity: 3 },
      ]),
    ).toEqual([['partsUsed.1.id', 'duplicate']]);
    expect(issues([{ id: PART_A, quantity: 0 }])?.[0]?.[0]).toBe('partsUsed.0.quantity');
    expect(issues([{ id: PART_A, quantity: 1.234 }])).toEqual([['partsUsed.0.quantity', 'decimals:2']]);
    expect(issues([{ quantity: 1 }])?.[0]?.[0]).toBe('partsUsed.0.id');
  });

  it('requires the visit date and plans the next visit after it', () => {
    expect(input.safeParse({ ...visit, visitDate: null }).success).toBe(false);
    const early = input.safeParse({ ...visit, nextVisitDate: '2026-11-19' });
    expect(early.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['nextVisitDate', 'rangeOrder'],
    ]);
    expect(input.parse({ ...visit, nextVisitDate: '2027-02-20' }).nextVisitDate).toBe('2027-02-20');
  });

  it('does not sort by the parts list, and returns each part with its name', () => {
    expect(maintenanceVisitResource.sortable).not.toContain('partsUsed');
    expect(maintenanceVisitResource.sortable).toContain('visitDate');
    const item = maintenanceVisitResource.schemas.item.shape.partsUsed;
    expect(item.parse([{ id: PART_A, quantity: 2, name: '切刀' }])).toEqual([
      { id: PART_A, quantity: 2, name: '切刀' },
    ]);
  });
});
