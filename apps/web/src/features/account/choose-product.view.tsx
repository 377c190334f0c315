import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { signOut } from '../../lib/account.ts';
import { loadSession } from '../../lib/session.ts';
import { useNextPage } from '../../components/next-page.tsx';
import { AuthFrame } from './auth-frame.tsx';
import { ProductChooserForm } from './product-chooser-form.tsx';

/** Shown after login while the user has no (longer an allowed) current product. */
export function ChooseProductView() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const nextPage = useNextPage();
  const session = loadSession();
  return (
    <AuthFrame title={t('chooser.title')}>
      <Typography.Paragraph type="secondary">
        {t('chooser.intro', { name: session?.user?.name ?? '' })}
      </Typography.Paragraph>
      <ProductChooserForm
        onDone={() =>
          void nextPage(params.get('to'), loadSession()?.menus).then((page) => navigate(page, { replace: true }))
        }
      />
      <Flex justify="center" style={{ marginTop: 16 }}>
        <Button
          type="link"
          onClick={() => void signOut().then(() => navigate('/auth/login'))}
          data-testid="chooser-logout"
        >
          {t('chooser.otherAccount')}
        </Button>
      </Flex>
    </AuthFrame>
  );
}
