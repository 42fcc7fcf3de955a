import { useState } from 'react';

/**
 * A person's round avatar: their profile picture when they have one (and it loads), else their initial (or the
 * `initials` given, as the lists show them). Decorative (aria-hidden): the person's name is always written next to it.
 */
export function UserAvatar({
  person,
  size,
  initials,
  className = '',
}: {
  person: { firstName: string; email?: string; avatarUrl?: string | null };
  size: 'sm' | 'md' | 'lg' | 'xl';
  initials?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const initial = initials || (Array.from(person.firstName.trim())[0] ?? Array.from(person.email ?? '')[0] ?? '?').toUpperCase();
  const url = person.avatarUrl && failed !== person.avatarUrl ? person.avatarUrl : null;
  const sizeClass = size === 'md' ? '' : ` avatar--${size}`;
  return (
    <span className={`avatar${sizeClass}${url ? ' avatar--picture' : ''} ${className}`.trim()} aria-hidden="true" data-initial={url ? undefined : initial}>
      {url ? <img src={url} alt="" className="avatar__img" onError={() => setFailed(url)} /> : null}
    </span>
  );
}
