import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, Flex, Input, Typography } from 'antd';
import { useFeedback } from '../../components/feedback.tsx';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { deliveryQueries, refreshDeliveries } from './delivery.queries.ts';
import { loadKeys, loadMutations } from './load.queries.ts';
import { SignaturePad, downsizedPhoto, type SignaturePadRef } from './signature-pad.tsx';

/** Where the phone is, if the browser says within a few seconds; the proof goes without it otherwise. */
function position(): Promise<{ latitude: number; longitude: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) =>
    navigator.geolocation.getCurrentPosition(
      (found) => resolve({ latitude: found.coords.latitude, longitude: found.coords.longitude }),
      () => resolve(null),
      { timeout: 4000, maximumAge: 60_000 },
    ),
  );
}

/**
 * `…/delivery/detail/:id?proof=1`, on the phone at the site: the receiver's name, a signature drawn on the
 * screen, a photo, the bundles the site sends back; the time (and position, when the browser gives it)
 * is recorded with them. Returned bundles go back to finished stock; the note's PDF then carries the signature.
 */
export function DeliveryProofForm({ id, onDone }: { id: string; onDone: () => void }) {
  const { t } = useTranslation('delivery');
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const note = useQuery(deliveryQueries.note(id));
  const pad = useRef<SignaturePadRef>(null);
  const [name, setName] = useState('');
  const [signed, setSigned] = useState(false);
  const [photo, setPhoto] = useState<string | null>(null);
  const [returned, setReturned] = useState<string[]>([]);
  const save = useMutation({
    ...loadMutations.proof(id, keyFor),
    onSuccess: async () => {
      notify.success(t('proof.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loadKeys.proof(id) }),
        refreshDeliveries(queryClient),
      ]);
      onDone();
    },
  });
  const submit = async () => {
    const signature = pad.current?.toDataUrl();
    if (!signature) return;
    const where = await position();
    save.mutate({ receivedBy: name.trim(), signature, photo, ...where, returnedBundleIds: returned });
  };

  return (
    <Card title={note.data && t('proof.title', { code: note.data.code })} loading={note.isLoading}>
      <Flex vertical gap="middle" style={{ maxWidth: 560 }}>
        <Input
          size="large"
          data-testid="proof-name"
          placeholder={t('proof.name')}
          maxLength={100}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Typography.Text>{t('proof.sign')}</Typography.Text>
        <SignaturePad ref={pad} onChange={setSigned} />
        <Button onClick={() => pad.current?.clear()}>{t('proof.clear')}</Button>
        <label>
          <Typography.Text>{t('proof.photo')}</Typography.Text>
          <input
            type="file"
            accept="image/*"
            capture="environment"
            data-testid="proof-photo"
            style={{ display: 'block', marginTop: 4 }}
            onChange={async (event) => {
              const file = event.target.files?.[0];
              setPhoto(file ? await downsizedPhoto(file) : null);
            }}
          />
        </label>
        {photo && <img src={photo} alt="" data-testid="proof-photo-preview" style={{ maxWidth: '100%' }} />}
        {note.data && note.data.bundles.length > 0 && (
          <Flex vertical gap={4}>
            <Typography.Text>{t('proof.returned')}</Typography.Text>
            <Checkbox.Group
              data-testid="proof-returned"
              value={returned}
              onChange={(values) => setReturned(values as string[])}
              options={note.data.bundles.map((bundle) => ({
                value: bundle.id,
                label: `${bundle.mark} ${bundle.number}/${bundle.count} (${bundle.code})`,
              }))}
            />
          </Flex>
        )}
        <Button
          type="primary"
          size="large"
          block
          data-testid="proof-save"
          disabled={!signed || name.trim() === ''}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          {t('proof.save')}
        </Button>
      </Flex>
    </Card>
  );
}
