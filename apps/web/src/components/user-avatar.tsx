// A user's profile picture, or the default picture (initials on a neutral disc) when there is none.
import { Avatar } from '@mantine/core';

export function UserAvatar(props: {
  pictureUrl: string | null;
  firstName?: string | null;
  lastName?: string | null;
  size?: number | 'sm' | 'md' | 'lg' | 'xl';
  alt: string;
}) {
  const initials = `${props.firstName?.[0] ?? ''}${props.lastName?.[0] ?? ''}`.toUpperCase();
  return (
    <Avatar src={props.pictureUrl} alt={props.alt} size={props.size ?? 'md'} radius="xl" color="gray">
      {initials || null}
    </Avatar>
  );
}
