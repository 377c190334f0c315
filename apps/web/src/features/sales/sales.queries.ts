import { mutationOptions } from '@tanstack/react-query';
import { SALES_LEAD_ENDPOINTS } from '@armature/domain';
import { api } from '../../lib/api-client.ts';

/** The won lead becomes a client, which the server answers. */
export const convertLeadMutation = (leadId: string) =>
  mutationOptions({
    mutationFn: () => api.call(SALES_LEAD_ENDPOINTS.convert, { params: { id: leadId } }),
  });
