import { SectionCard } from '../../../ui/section-card';
import { OwnershipChoicesPanel } from './ownership-choices-panel';

/** The staff investor record's section of the investor's saved ownership choices; changing them needs investors 'update'. */
export function InvestorOwnershipSection({ investorId, canWrite }: { investorId: number; canWrite: boolean }) {
  return (
    <SectionCard title="Ownership choices">
      <OwnershipChoicesPanel investorId={investorId} canWrite={canWrite} />
    </SectionCard>
  );
}
