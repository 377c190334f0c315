import type { Localized, Locale } from './locales.ts';
import { format } from './locales.ts';

/** Field validation messages, shared by the server's 400 details and the web forms. */
export const VALIDATION_MESSAGES = {
  required: { 'zh-CN': '必填', 'en-US': 'Required', 'fr-FR': 'Obligatoire' },
  minLength: {
    'zh-CN': '至少需要 {0} 个字符',
    'en-US': 'At least {0} characters are required',
    'fr-FR': 'Au moins {0} caractères sont requis',
  },
  maxLength: {
    'zh-CN': '最多允许 {0} 个字符',
    'en-US': 'No more than {0} characters are allowed',
    'fr-FR': 'Pas plus de {0} caractères',
  },
  min: { 'zh-CN': '不能小于 {0}', 'en-US': 'Must be at least {0}', 'fr-FR': 'Doit être au moins {0}' },
  max: { 'zh-CN': '不能大于 {0}', 'en-US': 'Must be at most {0}', 'fr-FR': 'Doit être au plus {0}' },
  minItems: { 'zh-CN': '至少选择 {0} 项', 'en-US': 'Choose at least {0}', 'fr-FR': 'Choisissez-en au moins {0}' },
  invalid: {
    'zh-CN': '请输入有效的值',
    'en-US': 'Please enter a valid value',
    'fr-FR': 'Veuillez saisir une valeur valide',
  },
  email: {
    'zh-CN': '请输入有效的邮箱地址',
    'en-US': 'Please enter a valid email address',
    'fr-FR': 'Veuillez saisir une adresse e-mail valide',
  },
  telephone: {
    'zh-CN': '请输入有效的电话号码',
    'en-US': 'Please enter a valid telephone number',
    'fr-FR': 'Veuillez saisir un numéro de téléphone valide',
  },
  integer: {
    'zh-CN': '请输入整数',
    'en-US': 'Please enter a whole number',
    'fr-FR': 'Veuillez saisir un nombre entier',
  },
  userName: {
    'zh-CN': '只能包含字母、数字、点、下划线和短横线',
    'en-US': 'Only letters, digits, dots, underscores and hyphens',
    'fr-FR': 'Uniquement lettres, chiffres, points, tirets bas et tirets',
  },
  passwordStrength: {
    'zh-CN': '密码须同时包含字母和数字',
    'en-US': 'The password must contain letters and digits',
    'fr-FR': 'Le mot de passe doit contenir des lettres et des chiffres',
  },
  passwordMismatch: {
    'zh-CN': '两次输入的密码不一致',
    'en-US': 'The passwords do not match',
    'fr-FR': 'Les mots de passe ne correspondent pas',
  },
  decimals: {
    'zh-CN': '最多 {0} 位小数',
    'en-US': 'No more than {0} decimal places',
    'fr-FR': 'Pas plus de {0} décimales',
  },
  toleranceOrder: {
    'zh-CN': '下偏差不能大于上偏差',
    'en-US': 'The lower tolerance cannot exceed the upper tolerance',
    'fr-FR': 'La tolérance inférieure ne peut pas dépasser la tolérance supérieure',
  },
  rangeOrder: {
    'zh-CN': '不能小于范围的下限',
    'en-US': 'Cannot be below the lower end of the range',
    'fr-FR': 'Ne peut pas être inférieur au bas de la plage',
  },
  reasonNotAllowed: {
    'zh-CN': '该库存不能按此原因手工出入库',
    'en-US': 'This reason cannot be recorded by hand for this stock',
    'fr-FR': 'Ce motif ne peut pas être saisi à la main pour ce stock',
  },
  tailBelowWaste: {
    'zh-CN': '最小可用余料长度不能小于废料长度',
    'en-US': 'The minimum reusable tail cannot be shorter than the waste length',
    'fr-FR': 'La chute réutilisable minimale ne peut pas être plus courte que la longueur de rebut',
  },
  controlCharacters: {
    'zh-CN': '不能包含控制字符',
    'en-US': 'Control characters are not allowed',
    'fr-FR': 'Les caractères de contrôle ne sont pas autorisés',
  },
  duplicate: { 'zh-CN': '已存在', 'en-US': 'Already exists', 'fr-FR': 'Existe déjà' },
  bvbsPrivateBlock: {
    'zh-CN':
      '应为 BVBS 私有块：P 后接若干字段，每个字段为小写字母加值并以 @ 结尾（如 PnREBAR@hYM@），值中不能有 @ 或控制字符',
    'en-US':
      'A BVBS private block is P then fields of a lowercase letter and a value, each ending in @ (PnREBAR@hYM@); a value holds no @ or control character',
    'fr-FR':
      'Un bloc privé BVBS est P suivi de champs formés d’une lettre minuscule et d’une valeur, chacun terminé par @ (PnREBAR@hYM@) ; une valeur ne contient ni @ ni caractère de contrôle',
  },
  unknownField: {
    'zh-CN': '不允许的字段',
    'en-US': 'This field is not allowed',
    'fr-FR': "Ce champ n'est pas autorisé",
  },
  materialMissing: {
    'zh-CN': '该钢筋规格的材质没有此项指标',
    'en-US': 'The rebar spec’s material has no value to compare with',
    'fr-FR': 'Le matériau de la nuance n’a pas de valeur de comparaison',
  },
  standardMissing: {
    'zh-CN': '该检验特性没有标准值',
    'en-US': 'The characteristic has no standard value',
    'fr-FR': 'La caractéristique n’a pas de valeur nominale',
  },
  productOtherClient: {
    'zh-CN': '产线 {0} 属于客户“{1}”，该用户属于客户“{2}”：只能选择其所属客户的产线，或先更改所属客户',
    'en-US':
      'Line {0} belongs to client “{1}” and this user to client “{2}”: pick the user’s client’s lines, or change the user’s client first',
    'fr-FR':
      'La ligne {0} appartient au client « {1} » et cet utilisateur au client « {2} » : choisissez les lignes de son client, ou changez d’abord son client',
  },
  judgementRequired: {
    'zh-CN': '请判定合格或不合格，或标为未检',
    'en-US': 'Judge it pass or fail, or mark it not tested',
    'fr-FR': 'Jugez-le conforme ou non conforme, ou marquez-le non testé',
  },
  nothingJudged: {
    'zh-CN': '至少需要判定一项检验（全部未检不能保存）',
    'en-US': 'Judge at least one check (an inspection with every check not tested cannot be saved)',
    'fr-FR': 'Jugez au moins un contrôle (une inspection sans aucun contrôle testé ne peut être enregistrée)',
  },
  oneTechnique: {
    'zh-CN': '一次检验只能包含同一工艺的检验特性',
    'en-US': 'One inspection checks the characteristics of one technique',
    'fr-FR': 'Un contrôle porte sur les caractéristiques d’une seule technique',
  },
  oneTagSelection: {
    'zh-CN': '请只选一种范围：所选捆、订单、机台、发货单或班次（日期和班次）',
    'en-US': 'Choose one selection: bundles, an order, a machine, a delivery note or a shift (day and shift)',
    'fr-FR':
      'Choisissez une seule sélection : fardeaux, commande, machine, bon de livraison ou équipe (jour et équipe)',
  },
  sameLocation: {
    'zh-CN': '钢筋已在此库位',
    'en-US': 'The bars already lie at this location',
    'fr-FR': 'Les barres sont déjà à cet emplacement',
  },
} as const satisfies Record<string, Localized>;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export function validationMessage(key: ValidationMessageKey, locale: Locale, ...params: (string | number)[]): string {
  return format(VALIDATION_MESSAGES[key][locale], params);
}
