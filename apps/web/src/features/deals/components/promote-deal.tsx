import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MODAL_WIDTH, type StaffOpportunity } from '@platform/domain';
import { api } from '../../../app/api-client';
import { useSubmit } from '../../../app/use-submit';
import { FormError } from '../../../ui/form-error';
import type { Deal } from '../api/deals';
import { useLivePlacement } from '../../placements';

/**
 * Turns a deal into a Draft opportunity carrying its name, company, industry, amount sought,
 * valuation, summary and key information (server: modules/deals/promotion.ts); opens the draft.
 */
export function PromoteDeal({ deal }: { deal: Deal }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const client = useQueryClient();
  const placement = useLivePlacement(deal.id);
  const interested = placement.data?.demand.interested ?? 0;
  const { submit, submitting, formError } = useSubmit(async () => {
    const { data } = await api<{ data: StaffOpportunity }>(`/api/pipeline-deals/${deal.id}/promote`, { method: 'POST' });
    await client.invalidateQueries({ queryKey: ['investment-opportunities'] });
    void navigate({ to: data.admin_path });
  });
  return (
    <>
      <Button variant="light" leftSection={<IconRocket size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Promote to opportunity
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Promote ${deal.company_name}?`} size={MODAL_WIDTH.confirmation} centered>
        <Text size="sm">
          A Draft opportunity is created from this deal's details for you to complete and publish. The deal stays on the board.
        </Text>
        {placement.data && (
          <Text size="sm" mt="sm" fw={500}>
            {interested === 0
              ? 'No placed investor has said they are interested, so nobody is invited yet.'
              : `${interested} interested investor${interested === 1 ? '' : 's'} from the placement will be invited to the opportunity.`}
          </Text>
        )}
        <FormError message={formError} />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button loading={submitting} onClick={() => void submit({})}>
            Create the draft
          </Button>
        </Group>
      </Modal>
    </>
  );
}
