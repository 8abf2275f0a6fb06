import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { usePersonName, type PersonLike } from '@/lib/person';

/**
 * A person's name linking to their page, or, for an erased account, the "Deleted player" label
 * (no page to link to: the profile is gone).
 */
export function PersonName({ person, className }: { person: PersonLike; className?: string }) {
  const name = usePersonName();
  // The link's own classes carry colours cn() would not override: a block link stays a block.
  if (person.deleted) return <span className={cn('italic text-muted', className?.includes('block') && 'block truncate')}>{name(person)}</span>;
  return (
    <Link to={`/players/${person.id}`} className={className}>
      {name(person)}
    </Link>
  );
}
