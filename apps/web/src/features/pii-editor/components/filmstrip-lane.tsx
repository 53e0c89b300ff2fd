// The filmstrip under the ranges: each tile cut from the sprite by its xywh fragment and placed at
// its time. Decorative (the video and the ranges carry the information).
import { Box } from '@mantine/core';
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
  if (filmstrip.tiles.length === 0) return null;
  const scale = TILE_HEIGHT / (filmstrip.tiles[0]?.height || TILE_HEIGHT);
  return (
    <Box pos="relative" h={TILE_HEIGHT} bg="dark.8" aria-hidden data-testid="filmstrip" style={{ overflow: 'hidden' }}>
      {filmstrip.tiles.map((tile) => (
        <Box
          key={`${tile.start}-${tile.x}-${tile.y}`}
          pos="absolute"
          top={0}
          h={TILE_HEIGHT}
          data-xywh={`${tile.x},${tile.y},${tile.width},${tile.height}`}
          style={{
            left: percent(tile.start, duration),
            width: Math.round(tile.width * scale),
            backgroundImage: `url("${filmstrip.spriteUrl}")`,
            backgroundRepeat: 'no-repeat',
            backgroundSize: `${Math.round(filmstrip.columns * filmstrip.tileWidth * scale)}px auto`,
            backgroundPosition: `-${Math.round(tile.x * scale)}px -${Math.round(tile.y * scale)}px`,
          }}
        />
      ))}
    </Box>
  );
}
