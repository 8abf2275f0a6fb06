/** /tournaments/:id — placeholder while the page is being built. */
export default function TournamentPage() {
  return null;
}
