import { useParams } from 'react-router';
import { PlayerScreen } from '../components/PlayerScreen';

/** /players/:id: the enhanced public player profile (spec §2). */
export default function PlayerPage() {
  const { id } = useParams();
  return <PlayerScreen key={id} id={/^\d+$/.test(id ?? '') ? Number(id) : NaN} />;
}
