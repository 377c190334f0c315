import { page, type MenuPages } from '../core/menu/menu-pages.ts';

export const PROCESSING_PAGES = {
  'intelligentProcess.taskCenter': [
    page(
      'task',
      { 'zh-CN': '任务列表', 'en-US': 'Tasks', 'fr-FR': 'Tâches' },
      'UnorderedListOutlined',
      ['export', 'dispatch', 'start', 'pause', 'complete'],
      ['detail/:id'],
    ),
    page(
      'digitalTwinOverview',
      { 'zh-CN': '数字孪生总览', 'en-US': 'Digital-twin overview', 'fr-FR': 'Vue du jumeau numérique' },
      'DashboardOutlined',
      [],
      [],
    ),
  ],
} as const satisfies MenuPages;
