import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar.tsx';
import { cn } from '@/lib/utils.ts';

export function initialsOf(name: string, username: string): string {
  // Words without a letter or digit ("Demo · Lena") are separators, not initials.
  const words = (name.trim() || username).split(/[\s._-]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  const first = words[0]?.[0] ?? '?';
  const second = words.length > 1 ? (words[1]?.[0] ?? '') : '';
  return (first + second).toUpperCase();
}

export function UserAvatar({
  user,
  className,
}: {
  user: { name: string; username: string; profile_picture: string | null };
  className?: string;
}) {
  return (
    <Avatar className={cn(className)}>
      {user.profile_picture && <AvatarImage src={user.profile_picture} alt="" />}
      <AvatarFallback className="bg-secondary text-secondary-foreground">
        {initialsOf(user.name, user.username)}
      </AvatarFallback>
    </Avatar>
  );
}
