// The responsive grid of cards (spec section 2: 1 column small, 2 medium, 4 extra large), with the
// access check and its message box shared by every card.
import { SimpleGrid } from '@mantine/core';
import type { VideoCard as Card } from '@ipsv/contracts/search';
import { useOpenVideo } from './use-open-video';
import { VideoCard } from './video-card';

export function VideoGrid({ cards, label }: { cards: readonly Card[]; label?: string }) {
  const { open, checking, messageBox } = useOpenVideo();
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md" role="list" aria-label={label}>
        {cards.map((card) => (
          <div role="listitem" key={card.id}>
            <VideoCard card={card} open={open} checking={checking === card.id} />
          </div>
        ))}
      </SimpleGrid>
      {messageBox}
    </>
  );
}
