import { CRUD, EDITABLE, MAKER_WRITES, type MenuPages } from '../core/menu/menu-pages.ts';
import { resourcePage } from '../core/resources/resource-page.ts';
import { clientResource } from './resources/client.resource.ts';
import { inspectionTypeResource } from './resources/inspection-type.resource.ts';
import { partTypeResource } from './resources/part-type.resource.ts';
import { productSettingResource } from './resources/product-setting.resource.ts';
import { productTypeResource } from './resources/product-type.resource.ts';
import { productResource } from './resources/product.resource.ts';
import { rebarMaterialResource } from './resources/rebar-material.resource.ts';
import { rebarResource } from './resources/rebar.resource.ts';
import { techniqueResource } from './resources/technique.resource.ts';

/** Global data a plant reads and the maker writes (design/product.md "Tenancy"). */
const GLOBAL = { maker: MAKER_WRITES };

/** The list pages of the master-data resources; each takes its key and label from its resource. */
export const MASTER_DATA_PAGES = {
  'basicConfig.basic': [
    resourcePage(techniqueResource, 'ExperimentOutlined', CRUD, EDITABLE, GLOBAL),
    resourcePage(inspectionTypeResource, 'SafetyCertificateOutlined', CRUD, EDITABLE, GLOBAL),
    resourcePage(clientResource, 'BankOutlined', CRUD, EDITABLE, GLOBAL),
    resourcePage(productResource, 'ShopOutlined', CRUD, EDITABLE, GLOBAL),
    resourcePage(productTypeResource, 'TagsOutlined', CRUD, EDITABLE, GLOBAL),
    resourcePage(partTypeResource, 'TagOutlined', CRUD, EDITABLE, GLOBAL),
  ],
  'basicConfig.spec': [
    resourcePage(rebarResource, 'ColumnHeightOutlined', CRUD, EDITABLE),
    resourcePage(rebarMaterialResource, 'GoldOutlined', CRUD, EDITABLE),
  ],
  'superAdmin.equipmentCenter': [
    resourcePage(productSettingResource, 'ControlOutlined', ['update'], ['update/:id'], {
      label: {
        'zh-CN': '产品设置（管理）',
        'en-US': 'Product settings (admin)',
        'fr-FR': 'Paramètres produit (admin)',
      },
      maker: true,
    }),
    resourcePage(productSettingResource, 'SlidersOutlined', ['update'], ['update/:id'], { variant: 'plant' }),
  ],
} as const satisfies MenuPages;

/**
 * Buttons only administrators hold: creating a client or a product (a processing line) is the
 * equipment maker's business. A non-admin granted one could not even see what they created, so they
 * are never granted: the roles screen does not offer them and the server answers 403 to anyone else.
 */
export const MASTER_DATA_ADMIN_ONLY_PERMISSIONS = [
  `${clientResource.page}.add`,
  `${productResource.page}.add`,
] as const;
