import { mutationOptions } from '@tanstack/react-query';
import { clientResource, salesLeadResource } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

/** `POST /api/salesLead/{id}/convert`: the won lead becomes a client, which the server answers. */
export const convertLeadMutation = (leadId: string) =>
  mutationOptions({
    mutationFn: () =>
      api.post(`${salesLeadResource.path}/${leadId}/convert`, {}, { schema: clientResource.schemas.item }),
  });
