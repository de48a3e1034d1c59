import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { InvestorCategory } from '@platform/domain';
import { useFeature } from '../../../app/settings';
import { useMyCategorisation } from '../api/profile';
import { CategoryCards } from './category-cards';

/** The investor-type pop-up is due: the flag is on and the investor has neither a valid category nor one awaiting approval. */
export function useCategoryPromptDue(): boolean | undefined {
  const popupOn = useFeature('enableInvestorTypePopup');
  const categorisation = useMyCategorisation();
  if (!popupOn) return false;
  if (!categorisation.data) return undefined;
  return !categorisation.data.meta.valid && categorisation.data.data?.status !== 'pending';
}

/**
 * The investor-type pop-up (flag enableInvestorTypePopup): before investing, an investor without a
 * category picks the card that describes them and goes on to accept its statement, coming back to
 * the investment afterwards. A choice modal: option cards, 670px wide (spec §2.4, §9).
 */
export function CategoryPrompt({ slug }: { slug: string }) {
  const navigate = useNavigate();
  const categorisation = useMyCategorisation();
  const [category, setCategory] = useState<InvestorCategory | null>(null);
  const back = () => void navigate({ to: '/investor/investments/$slug', params: { slug } });
  return (
    <Modal opened onClose={back} title="What kind of investor are you?" size={670} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Before you invest, the rules on promoting high-risk investments need to know which kind of investor you are. Choose the one that
          describes you; you will read and accept its statement next.
        </Text>
        <CategoryCards value={category} onChange={setCategory} statements={categorisation.data?.meta.statements} />
        <Group justify="flex-end">
          <Button variant="default" onClick={back}>
            Not now
          </Button>
          <Button
            disabled={!category}
            onClick={() =>
              void navigate({
                to: '/investor/profile/type',
                search: { category: category!, redirect: `/investor/investments/${slug}/investor-type` },
              })
            }
          >
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
