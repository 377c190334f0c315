import type { SalesLeadStatus } from '@armature/domain';

type DemoLead = {
  company: string;
  contact: string;
  phone: string;
  region: string;
  source: 'exhibition' | 'referral' | 'website' | 'phone' | 'visit' | 'other';
  /** Product type code (the model of interest). */
  model: string;
  status: SalesLeadStatus;
  /** Days from the seed day to the next follow-up; none for closed leads. */
  followUpInDays: number | null;
  owner: string;
  remark: string | null;
};

/** Leads at each step of the workflow; the won one is converted into `DEMO_CONVERTED_CLIENT`. */
export const DEMO_LEADS: readonly DemoLead[] = [
  {
    company: '河北冀建钢筋加工有限公司',
    contact: '赵经理',
    phone: '0311-8666 2101',
    region: '河北 石家庄',
    source: 'exhibition',
    model: 'CUT-LINE',
    status: 'new',
    followUpInDays: 2,
    owner: '周销售',
    remark: '上海宝马展留资，关注剪切线产能',
  },
  {
    company: '成都天府钢构制品厂',
    contact: '刘总',
    phone: '028-8555 3302',
    region: '四川 成都',
    source: 'referral',
    model: 'BEND-CENTER',
    status: 'contacted',
    followUpInDays: 5,
    owner: '周销售',
    remark: '江苏恒力推荐',
  },
  {
    company: '广东粤建筑材科技有限公司',
    contact: '陈工',
    phone: '020-3888 4403',
    region: '广东 广州',
    source: 'website',
    model: 'CUT-LINE',
    status: 'quoted',
    followUpInDays: 1,
    owner: '吴销售',
    remark: '已报价两条剪切线，等待招标结果',
  },
  {
    company: '苏州恒通钢筋制品有限公司',
    contact: '孙经理',
    phone: '0512-6777 5504',
    region: '江苏 苏州',
    source: 'phone',
    model: 'BEND-CENTER',
    status: 'won',
    followUpInDays: null,
    owner: '吴销售',
    remark: null,
  },
  {
    company: '西安秦川建材有限公司',
    contact: '马经理',
    phone: '029-8444 6605',
    region: '陕西 西安',
    source: 'visit',
    model: 'CUT-LINE',
    status: 'lost',
    followUpInDays: null,
    owner: '周销售',
    remark: '选择了本地品牌',
  },
];

/** The client the won lead became. */
export const DEMO_CONVERTED_CLIENT = { code: 'HENGTONG', leadCompany: '苏州恒通钢筋制品有限公司' } as const;

type DemoVisit = {
  code: string;
  /** Client code. */
  client: string;
  equipmentSerial: string;
  /** Days from the seed day (past visits are negative). */
  visitInDays: number;
  technician: string;
  workDone: string;
  /** Part code → quantity. */
  parts: readonly (readonly [string, number])[];
  nextVisitInDays: number | null;
};

export const DEMO_VISITS: readonly DemoVisit[] = [
  {
    code: 'FW-0001',
    client: 'DEMO',
    equipmentSerial: 'GJW16-2403-0117',
    visitInDays: -12,
    technician: '李工',
    workDone: '更换剪切上下刀片，校准剪切间隙；检查液压站油位与滤芯。',
    parts: [
      ['BL-S16U', 1],
      ['BL-S16L', 1],
    ],
    nextVisitInDays: 78,
  },
  {
    code: 'FW-0002',
    client: 'HENGLI',
    equipmentSerial: 'WG12D-2503-0415',
    visitInDays: -3,
    technician: '王工',
    workDone: '弯箍机切断刀磨损，更换切断刀；牵引轮重新调整压紧力。',
    parts: [['BL-C12', 2]],
    nextVisitInDays: 87,
  },
];
