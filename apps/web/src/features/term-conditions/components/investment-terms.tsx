import { useState } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { MODAL_WIDTH, type InvestorInvestment } from '@platform/domain';
import { FormError } from '../../../ui/form-error';
import { useAcceptTerms, useCurrentTerms } from '../api/term-conditions';
import { TermsPanel } from './terms-panel';
import { termsAcceptedLabel } from './terms-label';

/** The new terms in a modal, accepted for this investment only. */
function AcceptTermsModal({
  investment,
  onClose,
  onAccepted,
}: {
  investment: InvestorInvestment;
  onClose: () => void;
  onAccepted: () => void;
}) {
  const terms = useCurrentTerms(investment.opportunity_id);
  const accept = useAcceptTerms();
  const [checked, setChecked] = useState(false);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!terms.data) return;
    accept.mutate(
      { investmentId: investment.id, body: { term_condition_id: terms.data.id } },
      {
        onSuccess: () => {
          onAccepted();
          onClose();
        },
        // A newer version was published meanwhile: show it, to be read and ticked again.
        onError: () => {
          setChecked(false);
          void terms.refetch();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`New investment terms for ${investment.opportunity.name}`} size={MODAL_WIDTH.default}>
      {terms.data ? (
        <form onSubmit={submit}>
          <Stack gap="md">
            <TermsPanel terms={terms.data} checkbox={{ checked, onChange: (event) => setChecked(event.currentTarget.checked) }} />
            <FormError message={accept.error?.message ?? null} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Not now
              </Button>
              <Button type="submit" disabled={!checked} loading={accept.isPending}>
                {accept.isPending ? 'Submitting' : 'Accept the new terms'}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <Skeleton h={240} />
      )}
    </Modal>
  );
}

/**
 * On the investor's investment: which version of the terms they accepted and when, and while it is
 * unpaid and a newer version was published, the action that accepts it.
 */
export function InvestmentTerms({ investment, onAccepted }: { investment: InvestorInvestment; onAccepted: () => void }) {
  const [open, setOpen] = useState(false);
  const accepted = termsAcceptedLabel(investment.terms_version, investment.terms_accepted_at);
  return (
    <>
      {accepted && (
        <Text size="sm" c="dimmed">
          {accepted}
        </Text>
      )}
      {investment.terms_to_accept !== null && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconFileCertificate size={18} aria-hidden />}
          title="The investment terms have changed"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Read version {investment.terms_to_accept} of the terms and accept it for this investment.</Text>
            <Button size="sm" onClick={() => setOpen(true)}>
              Accept the new terms
            </Button>
          </Stack>
        </Alert>
      )}
      {open && <AcceptTermsModal investment={investment} onClose={() => setOpen(false)} onAccepted={onAccepted} />}
    </>
  );
}
