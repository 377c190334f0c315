import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of saved load plans, loading by scan and proof of delivery. `{reason}` is a localized label. */
export const LOAD_ERRORS = {
  load_move_refused: {
    status: 409,
    message: {
      'zh-CN': '第 {truck} 车装不下该捆：{reason}',
      'en-US': 'Truck {truck} cannot take this bundle: {reason}',
      'fr-FR': 'Le camion {truck} ne peut pas prendre ce fardeau : {reason}',
    },
  },
  load_scan_refused: {
    status: 409,
    message: {
      'zh-CN': '该捆不能装上第 {truck} 车：{reason}',
      'en-US': 'This bundle cannot go on truck {truck}: {reason}',
      'fr-FR': 'Ce fardeau ne peut pas monter dans le camion {truck} : {reason}',
    },
  },
  load_incomplete: {
    status: 409,
    message: {
      'zh-CN': '第 {truck} 车还有 {missing} 捆未扫描装车',
      'en-US': 'Truck {truck} still lacks {missing} planned bundles',
      'fr-FR': 'Il manque encore {missing} fardeaux prévus au camion {truck}',
    },
  },
  load_truck_shipped: {
    status: 409,
    message: {
      'zh-CN': '第 {truck} 车已随发货单 {note} 发出',
      'en-US': 'Truck {truck} already left with delivery note {note}',
      'fr-FR': 'Le camion {truck} est déjà parti avec le bon {note}',
    },
  },
  load_plan_started: {
    status: 409,
    message: {
      'zh-CN': '装车计划 {code} 已开始装车，不能删除',
      'en-US': 'Load plan {code} has started loading: it cannot be deleted',
      'fr-FR': 'Le plan de chargement {code} est en cours de chargement : il ne peut pas être supprimé',
    },
  },
  delivery_proof_exists: {
    status: 409,
    message: {
      'zh-CN': '发货单 {note} 已签收',
      'en-US': 'Delivery note {note} is already signed for',
      'fr-FR': 'Le bon de livraison {note} est déjà signé',
    },
  },
  delivery_return_unknown: {
    status: 400,
    message: {
      'zh-CN': '退回的捆不在发货单 {note} 上',
      'en-US': 'The returned bundles are not on delivery note {note}',
      'fr-FR': 'Les fardeaux retournés ne sont pas sur le bon {note}',
    },
  },
} as const satisfies ErrorCatalogue;

/**
 * Why a hand move is refused: the target truck's payload, its bays' room, a bundle longer than its bed, a
 * bundle already scanned on, or a truck that has left.
 */
export const LOAD_MOVE_REASON_LABELS = {
  payload: { 'zh-CN': '超出最大载重', 'en-US': 'over the maximum payload', 'fr-FR': 'charge utile dépassée' },
  bays: { 'zh-CN': '车位放不下', 'en-US': 'no room left in its bays', 'fr-FR': 'plus de place dans ses travées' },
  bedLength: { 'zh-CN': '比车厢长', 'en-US': 'longer than its bed', 'fr-FR': 'plus long que son plateau' },
  loaded: {
    'zh-CN': '该捆已扫描装车',
    'en-US': 'the bundle is already on its truck',
    'fr-FR': 'le fardeau est déjà chargé',
  },
  shipped: { 'zh-CN': '车辆已发出', 'en-US': 'a truck has already left', 'fr-FR': 'un camion est déjà parti' },
} as const;

/** Why a scanned bundle is refused at the truck. */
export const LOAD_SCAN_REASON_LABELS = {
  notPlanned: {
    'zh-CN': '不在本装车计划中',
    'en-US': 'not in this load plan',
    'fr-FR': 'absent de ce plan de chargement',
  },
  otherTruck: {
    'zh-CN': '计划装在第 {other} 车',
    'en-US': 'planned on truck {other}',
    'fr-FR': 'prévu dans le camion {other}',
  },
  superseded: {
    'zh-CN': '已被修订的料单作废',
    'en-US': 'superseded by a revised bar list',
    'fr-FR': 'remplacé par une liste révisée',
  },
  delivered: { 'zh-CN': '已发货', 'en-US': 'already delivered', 'fr-FR': 'déjà livré' },
  loaded: { 'zh-CN': '已扫描装车', 'en-US': 'already scanned on', 'fr-FR': 'déjà chargé' },
  unknown: {
    'zh-CN': '不是当前产线的料牌',
    'en-US': 'not a bundle of the current line',
    'fr-FR': 'pas un fardeau de la ligne courante',
  },
} as const;
export type LoadScanReason = keyof typeof LOAD_SCAN_REASON_LABELS;
