// The filmstrip under the ranges: each tile cut from the sprite by its xywh fragment and shown over
// its whole time span, repeated side by side where the span is wider than one picture (a short video
// has few tiles, and one picture per span left dark gaps between them: a striped strip). Decorative
// (the video and the ranges carry the information).
import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { FilmstripTile } from '../filmstrip';
import { percent } from './timeline-scale';

const TILE_HEIGHT = 44;

export interface FilmstripProps {
  spriteUrl: string;
  columns: number;
  tileWidth: number;
  tiles: readonly FilmstripTile[];
}

export function FilmstripLane({ filmstrip, duration }: { filmstrip: FilmstripProps; duration: number }) {
  const { ref, width: laneWidth } = useElementSize();
  if (filmstrip.tiles.length === 0) return null;
  const scale = TILE_HEIGHT / (filmstrip.tiles[0]?.height || TILE_HEIGHT);
  return (
    <Box ref={ref} pos="relative" h={TILE_HEIGHT} bg="dark.8" aria-hidden data-testid="filmstrip" style={{ overflow: 'hidden' }}>
      {filmstrip.tiles.map((tile) => {
        const pictureWidth = Math.max(1, Math.round(tile.width * scale));
        const spanWidth = duration > 0 ? (laneWidth * (Math.min(tile.end, duration) - tile.start)) / duration : 0;
        const copies = Math.max(1, Math.ceil(spanWidth / pictureWidth));
        return (
          <Box
            key={`${tile.start}-${tile.x}-${tile.y}`}
            pos="absolute"
            top={0}
            h={TILE_HEIGHT}
            data-xywh={`${tile.x},${tile.y},${tile.width},${tile.height}`}
            style={{
              left: percent(tile.start, duration),
              width: percent(Math.min(tile.end, duration) - tile.start, duration),
              display: 'flex',
              overflow: 'hidden',
            }}
          >
            {Array.from({ length: copies }, (_, copy) => (
              <Box
                key={copy}
                h={TILE_HEIGHT}
                style={{
                  flex: 'none',
                  width: pictureWidth,
                  backgroundImage: `url("${filmstrip.spriteUrl}")`,
                  backgroundRepeat: 'no-repeat',
                  backgroundSize: `${Math.round(filmstrip.columns * filmstrip.tileWidth * scale)}px auto`,
                  backgroundPosition: `-${Math.round(tile.x * scale)}px -${Math.round(tile.y * scale)}px`,
                }}
              />
            ))}
          </Box>
        );
      })}
    </Box>
  );
}
